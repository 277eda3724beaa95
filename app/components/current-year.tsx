import { useEffect, useState } from "react";

/**
 * The year in the visitor's browser. The prerendered HTML holds the build's year; after
 * hydration it follows the visitor's clock, so an old build never shows a stale year.
 */
export function CurrentYear({ buildYear }: { buildYear: number }) {
  const [year, setYear] = useState(buildYear);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return <>{year}</>;
}
