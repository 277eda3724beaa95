import { buttonStyles } from "../../ui/button-styles.ts";
import { site } from "../content/site.ts";
import { formatPhone, phoneByLabel, telHref } from "../lib/phone.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = (path: string) => pageMeta(site, "notFound", path, { noindex: true });

export default function NotFound() {
  const main = phoneByLabel(site.phones, "Main");
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="font-display font-extrabold text-6xl text-pop-700">404</p>
      <h1 className="mt-4 font-display font-extrabold text-3xl text-brand-900 sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        {site.pages.notFound.lead}{" "}
        <a
          href={telHref(main.number)}
          className="whitespace-nowrap text-brand-800 underline underline-offset-4"
        >
          {formatPhone(main.number)}
        </a>
        .
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonStyles.brand}>
          Back to home
        </a>
        <a href="/contact" className={buttonStyles.outline}>
          Contact us
        </a>
      </div>
    </section>
  );
}
