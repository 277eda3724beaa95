import { formatDay, formatTimeRange } from "../../rink/format.ts";
import type { Phone, Session, SiteContent } from "../content/types.ts";
import { formatPhone, phoneByLabel, telHref } from "../lib/phone.ts";
import { PhoneIcon } from "./icons.tsx";
import { type RichFacts, RichText } from "./rich-text.tsx";
import { SectionHeading } from "./section-heading.tsx";

// The Parties page's guide (issue 34), after the spec's sections: the owner's questions and
// answers, groups and field trips, and the sessions marked sensory-friendly. Drawn at build;
// no script: each answer opens in its own <details>, which the browser handles by mouse,
// keyboard (Enter or Space on the question) and without JavaScript.

type Question = SiteContent["partyQuestions"][number];
type GroupVisits = NonNullable<SiteContent["groupVisits"]>;

/** The questions parents ask before a party, each opening its answer. */
export function PartyQuestions({
  questions,
  facts,
}: {
  questions: readonly Question[];
  facts: RichFacts;
}) {
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="party-questions" className="mx-auto max-w-6xl px-4 py-16">
      <SectionHeading id="party-questions" title="Party questions" />
      <div className="mt-8 max-w-3xl divide-y divide-brand-100 rounded-2xl border border-brand-100 bg-white">
        {questions.map((q) => (
          <details key={q.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-brand-900 text-lg [&::-webkit-details-marker]:hidden">
              {q.question}
              <span
                aria-hidden="true"
                className="shrink-0 font-display font-extrabold text-2xl text-pop-700 leading-none group-open:rotate-45 motion-safe:transition-transform"
              >
                +
              </span>
            </summary>
            <p className="px-5 pb-5 text-slate-800">
              <RichText text={q.answer} facts={facts} />
            </p>
          </details>
        ))}
      </div>
    </section>
  );
}

/** Groups and field trips: who may come, the group rules, and a call to book (by phone only).
 * Its link's name is not "Call (number)": that is the party booking's, above it on the page. */
export function GroupVisitsSection({
  groups,
  phones,
  facts,
  callClassName,
}: {
  groups: GroupVisits | undefined;
  phones: readonly Phone[];
  facts: RichFacts;
  /** The Call button's look: the site's button styles, handed in by the page. */
  callClassName: string;
}) {
  if (!groups) return null;
  const line = phoneByLabel(phones, groups.phone);
  return (
    <section aria-labelledby="groups" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="groups" title="Groups and field trips" />
        <p className="mt-3 max-w-2xl text-lg text-slate-700">
          <RichText text={groups.intro} facts={facts} />
        </p>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="rounded-2xl bg-white p-6 shadow-sm">
            <h3 className="font-display font-extrabold text-brand-900 text-xl">Who it is for</h3>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
              {groups.forWhom.map((who) => (
                <li key={who}>{who}</li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm">
            <h3 className="font-display font-extrabold text-brand-900 text-xl">Group rules</h3>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800">
              {groups.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </div>
        </div>
        <div className="mt-6 rounded-2xl border border-brand-100 bg-white p-6">
          <h3 className="font-display font-extrabold text-brand-900 text-xl">
            How to book a group
          </h3>
          <p className="mt-3 text-slate-800">
            <RichText text={groups.booking} facts={facts} />
          </p>
          <a href={telHref(line.number)} className={`mt-4 text-center ${callClassName}`}>
            <PhoneIcon />
            <span>
              Book your group: <span className="whitespace-nowrap">{formatPhone(line.number)}</span>
            </span>
          </a>
        </div>
      </div>
    </section>
  );
}

/** The public sessions the owner marked sensory-friendly, when there are any. */
export function SensorySessions({ sessions }: { sessions: readonly Session[] }) {
  const quiet = sessions.filter((s) => s.sensoryFriendly);
  if (quiet.length === 0) return null;
  return (
    <section aria-labelledby="sensory-friendly" className="mx-auto max-w-6xl px-4 py-16">
      <SectionHeading id="sensory-friendly" title="Sensory-friendly skating" />
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {quiet.map((s) => (
          <li key={s.id} className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
            <p className="font-semibold text-pop-700 text-sm uppercase tracking-wide">
              {formatDay(s.day)}, {formatTimeRange(s.time)}
            </p>
            <h3 className="mt-1 font-display font-extrabold text-brand-900 text-xl">{s.name}</h3>
            <p className="mt-2 text-slate-800">{s.sensoryFriendly}</p>
            <a
              href="/#sessions"
              className="mt-3 inline-block font-semibold text-brand-800 underline underline-offset-4"
            >
              Prices and all sessions
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
