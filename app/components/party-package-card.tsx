import { formatDuration, formatPrice, formatSkaters } from "../../rink/format.ts";
import type { PartyPackage } from "../content/types.ts";

interface PartyPackageCardProps {
  pkg: PartyPackage;
  featured?: boolean;
}

/** One birthday party package with its cash and card prices. */
export function PartyPackageCard({ pkg, featured = false }: PartyPackageCardProps) {
  return (
    <article
      className={`flex flex-col rounded-2xl border p-6 shadow-sm ${
        featured ? "border-brand-800 bg-brand-900 text-white" : "border-brand-100 bg-white"
      }`}
    >
      <h3
        className={`font-display font-extrabold text-xl ${featured ? "text-white" : "text-brand-900"}`}
      >
        {pkg.name}
      </h3>
      <p className={featured ? "text-brand-100" : "text-slate-700"}>{formatSkaters(pkg.skaters)}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div>
          <dt className={`text-sm ${featured ? "text-brand-100" : "text-slate-600"}`}>Cash</dt>
          <dd className="font-display font-extrabold text-3xl">{formatPrice(pkg.cashPrice)}</dd>
        </div>
        <div>
          <dt className={`text-sm ${featured ? "text-brand-100" : "text-slate-600"}`}>
            Credit card
          </dt>
          <dd className="font-display font-extrabold text-3xl">{formatPrice(pkg.cardPrice)}</dd>
        </div>
      </dl>
      <ul className="mt-4 space-y-1">
        <li>{formatDuration(pkg.durationMinutes)}</li>
        {pkg.extras.map((extra) => (
          <li key={extra}>{extra}</li>
        ))}
      </ul>
    </article>
  );
}
