// `node scripts/make-sample-photos.ts`: renders the sample photos in content/photos/ (the rink
// floor, the mirror ball, the rental counter, the party room, a party table), so the photo
// pipeline and its tests run on a fresh clone with nothing downloaded. They are pictures the
// project draws (SVG rendered by sharp, with grain and a little blur so they compress like
// photographs, not like flat drawings). The owner replaces them with real photos in the editor
// (docs/photos.md); this script is only needed again to remake the samples.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";

const out = resolve(import.meta.dirname, "../content/photos");
const W = 1800;
const H = 1200;

/** Deterministic pseudo-random numbers, so the samples are the same on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

/** Light spots scattered from a mirror ball. */
function spots(seed: number, count: number, top: number, bottom: number, colors: string[]) {
  const r = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const x = r() * W;
    const y = top + r() * (bottom - top);
    const rx = 8 + r() * 26;
    return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${rx.toFixed(0)}" ry="${(rx * 0.55).toFixed(0)}" fill="${colors[i % colors.length]}" opacity="${(0.35 + r() * 0.5).toFixed(2)}"/>`;
  }).join("");
}

/** Floor boards in perspective, vanishing at (vx, vy). */
function boards(vx: number, vy: number, floorTop: number) {
  const lines: string[] = [];
  for (let i = -30; i <= 30; i++) {
    const x = W / 2 + i * 120;
    lines.push(
      `<line x1="${vx}" y1="${vy}" x2="${x}" y2="${H}" stroke="#7c4a12" stroke-width="3" opacity="0.55"/>`,
    );
  }
  for (let k = 1; k < 12; k++) {
    const y = floorTop + (H - floorTop) * (k / 12) ** 1.8;
    lines.push(
      `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#6b3f0f" stroke-width="2" opacity="0.35"/>`,
    );
  }
  return lines.join("");
}

function mirrorBall(cx: number, cy: number, r: number) {
  const tiles: string[] = [];
  const rnd = random(cx + cy);
  for (let y = -r; y < r; y += 16) {
    for (let x = -r; x < r; x += 16) {
      if (x * x + y * y > r * r) continue;
      const light = 150 + Math.round(rnd() * 105);
      tiles.push(
        `<rect x="${cx + x}" y="${cy + y}" width="14" height="14" fill="rgb(${light},${light},${Math.min(255, light + 20)})"/>`,
      );
    }
  }
  return `<line x1="${cx}" y1="0" x2="${cx}" y2="${cy - r}" stroke="#999" stroke-width="4"/>${tiles.join("")}<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#ballShade)"/>`;
}

const defs = `<defs>
  <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e0b3d"/><stop offset="1" stop-color="#4c1d95"/></linearGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b7791f"/><stop offset="1" stop-color="#e3a857"/></linearGradient>
  <radialGradient id="ballShade"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  <linearGradient id="room" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#f9a8d4"/></linearGradient>
</defs>`;

const skater = (x: number, y: number, s: number, shirt: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><circle cx="0" cy="-170" r="26" fill="#f2c6a0"/><path d="M-30 -140h60l12 90h-84z" fill="${shirt}"/><path d="M-22 -50l-18 90M22 -50l22 90" stroke="#1e3a8a" stroke-width="20" stroke-linecap="round"/><path d="M-30 -130l-45 50M30 -130l50 40" stroke="${shirt}" stroke-width="16" stroke-linecap="round"/><rect x="-62" y="36" width="44" height="16" rx="6" fill="#f472b6"/><rect x="22" y="36" width="44" height="16" rx="6" fill="#f472b6"/><circle cx="-54" cy="58" r="7" fill="#facc15"/><circle cx="-26" cy="58" r="7" fill="#facc15"/><circle cx="30" cy="58" r="7" fill="#facc15"/><circle cx="58" cy="58" r="7" fill="#facc15"/></g>`;

const scenes: Record<string, string> = {
  // The hero: the floor under the lights, skaters going round.
  "rink-floor": svg(`${defs}
    <rect width="${W}" height="520" fill="url(#wall)"/>
    <rect y="430" width="${W}" height="26" fill="#ec4899" opacity="0.9"/>
    <rect y="456" width="${W}" height="64" fill="#312e81"/>
    <rect y="520" width="${W}" height="${H - 520}" fill="url(#floor)"/>
    ${boards(W / 2, 300, 520)}
    ${spots(7, 90, 540, H, ["#f0abfc", "#93c5fd", "#fde047", "#fff"])}
    ${spots(8, 40, 40, 420, ["#c4b5fd", "#f9a8d4", "#fff"])}
    ${mirrorBall(W / 2, 150, 70)}
    <circle cx="${W / 2}" cy="150" r="170" fill="url(#glow)" opacity="0.35"/>
    ${skater(420, 820, 1.5, "#22d3ee")}${skater(760, 700, 1.1, "#f97316")}${skater(1240, 760, 1.3, "#a3e635")}${skater(1500, 660, 0.9, "#e879f9")}`),
  // The mirror ball close up, throwing light over the room.
  "mirror-ball": svg(`${defs}
    <rect width="${W}" height="${H}" fill="#14062b"/>
    ${Array.from({ length: 14 }, (_, i) => `<path d="M900 520 L${(i * 140 - 100).toFixed(0)} ${i % 2 ? H : 0}" stroke="${["#f0abfc", "#93c5fd", "#fde047"][i % 3]}" stroke-width="${10 + (i % 4) * 6}" opacity="0.22"/>`).join("")}
    ${spots(21, 160, 0, H, ["#f0abfc", "#93c5fd", "#fde047", "#fff"])}
    <circle cx="900" cy="520" r="420" fill="url(#glow)" opacity="0.3"/>
    ${mirrorBall(900, 520, 300)}`),
  // The skate rental counter, skates in every size on the shelves.
  "skate-rental": svg(`${defs}
    <rect width="${W}" height="${H}" fill="#312e81"/>
    ${Array.from({ length: 5 }, (_, row) => `<rect x="120" y="${120 + row * 150}" width="1560" height="16" fill="#a16207"/>${Array.from({ length: 16 }, (_, i) => `<g transform="translate(${160 + i * 96} ${40 + row * 150})"><path d="M0 0h34v50c0 8 6 12 20 16l16 4v14H0z" fill="${["#f8fafc", "#f472b6", "#60a5fa", "#1f2937"][(i + row) % 4]}"/><circle cx="10" cy="90" r="7" fill="#facc15"/><circle cx="56" cy="90" r="7" fill="#facc15"/></g>`).join("")}`).join("")}
    <rect y="860" width="${W}" height="340" fill="#7c2d12"/>
    <rect y="840" width="${W}" height="40" fill="#fbbf24"/>
    ${spots(33, 40, 0, 820, ["#fde047", "#f0abfc"])}`),
  // The party room: tables, balloons and a banner.
  "party-room": svg(`${defs}
    <rect width="${W}" height="${H}" fill="url(#room)"/>
    <rect y="820" width="${W}" height="380" fill="#a8a29e"/>
    <path d="M200 160 Q900 300 1600 160" stroke="#7c3aed" stroke-width="8" fill="none"/>
    ${Array.from({ length: 11 }, (_, i) => `<path d="M${250 + i * 125} ${190 + Math.sin((i / 10) * Math.PI) * 70}l40 80l40 -80z" fill="${["#ef4444", "#3b82f6", "#22c55e", "#eab308"][i % 4]}"/>`).join("")}
    ${Array.from({ length: 4 }, (_, t) => `<g transform="translate(${180 + t * 400} 700)"><rect width="320" height="40" rx="8" fill="#f8fafc"/><rect x="20" y="40" width="16" height="160" fill="#94a3b8"/><rect x="284" y="40" width="16" height="160" fill="#94a3b8"/>${Array.from({ length: 3 }, (_, b) => `<line x1="${80 + b * 80}" y1="0" x2="${70 + b * 90}" y2="-240" stroke="#64748b" stroke-width="3"/><ellipse cx="${70 + b * 90}" cy="-290" rx="46" ry="58" fill="${["#ec4899", "#8b5cf6", "#06b6d4", "#f59e0b"][(t + b) % 4]}"/>`).join("")}</g>`).join("")}
    ${spots(44, 30, 320, 640, ["#ffffff", "#fde68a"])}`),
  // A party table set for a birthday: cake, plates and cups.
  "party-table": svg(`${defs}
    <rect width="${W}" height="${H}" fill="#1e1b4b"/>
    ${spots(55, 70, 0, 600, ["#f0abfc", "#93c5fd", "#fde047"])}
    <ellipse cx="900" cy="900" rx="820" ry="260" fill="#f8fafc"/>
    <ellipse cx="900" cy="880" rx="800" ry="240" fill="#e0f2fe"/>
    <rect x="720" y="560" width="360" height="240" rx="30" fill="#fbcfe8"/>
    <rect x="720" y="560" width="360" height="60" rx="30" fill="#f472b6"/>
    ${Array.from({ length: 7 }, (_, i) => `<rect x="${760 + i * 48}" y="470" width="14" height="90" fill="${["#60a5fa", "#facc15", "#34d399"][i % 3]}"/><ellipse cx="${767 + i * 48}" cy="458" rx="10" ry="18" fill="#fb923c"/>`).join("")}
    ${Array.from({ length: 6 }, (_, i) => `<ellipse cx="${300 + i * 240}" cy="${i % 2 ? 1010 : 800}" rx="90" ry="34" fill="#fef9c3" stroke="#eab308" stroke-width="6"/><rect x="${380 + i * 240}" y="${i % 2 ? 900 : 690}" width="50" height="80" rx="8" fill="${["#ef4444", "#3b82f6", "#22c55e"][i % 3]}"/>`).join("")}`),
};

mkdirSync(out, { recursive: true });
for (const [name, body] of Object.entries(scenes)) {
  // Grain, like a phone camera indoors, then a slight blur: photographic texture.
  const grain = await sharp({
    create: {
      width: W,
      height: H,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 22 },
    },
  })
    .png()
    .toBuffer();
  const path = join(out, `${name}.jpg`);
  const info = await sharp(Buffer.from(body))
    .blur(1.2)
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(path);
  console.log(`wrote ${path} (${Math.round(info.size / 1024)} KB)`);
}
