/** The project's own illustration of a roller skate under rink lights (no photo to download). */
export function SkateArt({ className = "" }: { className?: string }) {
  return (
    <svg
      role="img"
      aria-labelledby="skate-art-title"
      viewBox="0 0 1200 500"
      width="1200"
      height="500"
      className={className}
    >
      <title id="skate-art-title">
        A roller skate gliding across the rink floor under disco lights
      </title>
      <defs>
        <linearGradient id="skate-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2e1065" />
          <stop offset="1" stopColor="#831843" />
        </linearGradient>
      </defs>
      <rect width="1200" height="500" fill="url(#skate-sky)" />
      <rect y="380" width="1200" height="120" fill="#a16207" />
      <path d="M0 380h1200M0 420h1200M0 460h1200" stroke="#854d0e" strokeWidth="4" />
      <circle cx="600" cy="70" r="45" fill="#e9d5ff" />
      <path d="M600 25v90M555 70h90M568 38l64 64M632 38l-64 64" stroke="#a78bfa" strokeWidth="3" />
      <g fill="#fde047" opacity="0.85">
        <circle cx="150" cy="120" r="8" />
        <circle cx="320" cy="60" r="6" />
        <circle cx="880" cy="90" r="9" />
        <circle cx="1050" cy="160" r="7" />
        <circle cx="980" cy="40" r="5" />
        <circle cx="240" cy="220" r="5" />
      </g>
      <g transform="translate(420 150)">
        <path
          d="M60 0h120v120c0 20 10 30 40 40l110 30c30 8 40 25 40 50v20H40c-25 0-40-15-40-40V40C0 15 25 0 60 0Z"
          fill="#ec4899"
        />
        <path d="M60 0h120v40H60z" fill="#fbcfe8" />
        <path
          d="M120 50l40 10M120 80l40 10M120 110l40 10"
          stroke="#fff"
          strokeWidth="8"
          strokeLinecap="round"
        />
        <rect x="10" y="260" width="370" height="18" rx="9" fill="#e5e7eb" />
        <circle cx="80" cy="300" r="34" fill="#facc15" />
        <circle cx="300" cy="300" r="34" fill="#facc15" />
        <circle cx="80" cy="300" r="12" fill="#a16207" />
        <circle cx="300" cy="300" r="12" fill="#a16207" />
        <rect x="370" y="250" width="30" height="24" rx="8" fill="#f97316" />
      </g>
    </svg>
  );
}
