import { StarIcon } from "./icons.tsx";

interface RatingBadgeProps {
  value: number;
  source: string;
  className?: string;
}

/** "★ 4.4 Google rating" with the stars hidden from screen readers. */
export function RatingBadge({ value, source, className = "" }: RatingBadgeProps) {
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`}>
      <StarIcon className="size-5 text-accent-400" />
      <span>
        <strong>{value.toFixed(1)}</strong> {source} rating
      </span>
    </span>
  );
}
