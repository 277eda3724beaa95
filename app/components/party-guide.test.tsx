// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatPrice } from "../../rink/format.ts";
import { plainText } from "../../rink/rich-text.ts";
import { richFacts } from "../content/rich-facts.ts";
import { site } from "../content/site.ts";
import { formatPhone, phoneByLabel, telHref } from "../lib/phone.ts";
import Parties from "../routes/parties.tsx";
import { GroupVisitsSection, PartyQuestions, SensorySessions } from "./party-guide.tsx";
import { SessionCard } from "./session-card.tsx";

// The Parties page's guide (issue 34), drawn from the tests' content (tests/fixtures/content).
afterEach(cleanup);
// The photos are made by the build (a virtual module); the page's order is the same without.
vi.mock("../content/photos.ts", () => ({ hero: null, gallery: [], parties: [] }));

const groups = site.groupVisits;
if (!groups) throw new Error("the tests' parties.yml has no groupVisits");
const quiet = site.sessions.filter((s) => s.sensoryFriendly);

describe("the Parties page's guide", () => {
  it("comes after the spec's sections: packages, availability and the call to book first", () => {
    render(<Parties />);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    const spec = ["Party packages", "Availability", site.pages.parties.closing];
    const guide = ["Party questions", "Groups and field trips", "Sensory-friendly skating"];
    // The spec's sections keep their order (the party room's photos may sit between them)...
    expect(headings.filter((h) => spec.includes(h ?? ""))).toEqual(spec);
    // ...and the guide's three follow the last of them, in this order.
    expect(headings.slice(-3)).toEqual(guide);
  });

  it("lists every question closed, its answer inside its own details, in the owner's order", () => {
    const { container } = render(
      <PartyQuestions questions={site.partyQuestions} facts={richFacts} />,
    );
    const details = [...container.querySelectorAll("details")];
    expect(site.partyQuestions.length).toBeGreaterThanOrEqual(8);
    expect(details).toHaveLength(site.partyQuestions.length);
    details.forEach((d, i) => {
      const q = site.partyQuestions[i];
      if (!q) throw new Error(`no question ${i}`);
      expect(d.open).toBe(false);
      // The question is the summary, the only thing a closed item shows (and what the
      // keyboard reaches: a summary is focusable, Enter and Space open it).
      expect(d.querySelector(":scope > summary")?.textContent).toContain(q.question);
      expect(d.textContent).toContain(plainText(q.answer, plainFacts));
    });
  });

  it("answers what parents ask: arrival, socks and sizes, cake, food, adults, deposit, walkers, snow", () => {
    const all = site.partyQuestions.map((q) => `${q.question} ${q.answer}`).join("\n");
    for (const topic of [
      /arrive/i,
      /socks/i,
      /skate sizes?/i,
      /cake/i,
      /candles/i,
      /food and drink/i,
      /adults/i,
      /deposit/i,
      /head count/i,
      /skate walkers?/i,
      /snow/i,
    ])
      expect(all).toMatch(topic);
  });

  it("says no package price and no phone number again in the answers: the page shows them", () => {
    const said = [
      ...site.partyQuestions.map((q) => plainText(q.answer, plainFacts)),
      plainText(groups.intro, plainFacts),
      plainText(groups.booking, plainFacts),
      ...groups.rules,
    ].join("\n");
    for (const p of site.partyPackages) {
      expect(said).not.toContain(formatPrice(p.cashPrice));
      expect(said).not.toContain(formatPrice(p.cardPrice));
    }
    for (const phone of site.phones) {
      expect(said).not.toContain(formatPhone(phone.number));
      // Written without its area code too, like 555-0142.
      expect(said).not.toContain(`${phone.number.slice(5, 8)}-${phone.number.slice(8)}`);
    }
  });

  it("fills in a fact and makes a link in an answer, as the owner writes them", () => {
    render(
      <PartyQuestions
        questions={[
          {
            question: "Who do we call?",
            answer: "Call {rink} at {phone}, or [send us a message](/contact).",
          },
        ]}
        facts={richFacts}
      />,
    );
    expect(screen.getByRole("link", { name: formatPhone(richFacts.phone) })).toHaveAttribute(
      "href",
      telHref(richFacts.phone),
    );
    expect(screen.getByRole("link", { name: "send us a message" })).toHaveAttribute(
      "href",
      "/contact",
    );
    expect(screen.getByText(new RegExp(`Call ${site.name} at`))).toBeInTheDocument();
  });

  it("draws nothing when the owner lists no questions", () => {
    const { container } = render(<PartyQuestions questions={[]} facts={richFacts} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("groups and field trips", () => {
  it("says who it is for, its rules and how to book, with a Call link to the line the owner chose", () => {
    render(
      <GroupVisitsSection
        groups={groups}
        phones={site.phones}
        facts={richFacts}
        callClassName=""
      />,
    );
    const section = screen.getByRole("region", { name: "Groups and field trips" });
    const lists = within(section).getAllByRole("list");
    expect(
      within(lists[0] as HTMLElement)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(groups.forWhom);
    expect(
      within(lists[1] as HTMLElement)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(groups.rules);
    expect(section.textContent).toContain(plainText(groups.booking, plainFacts));
    const line = phoneByLabel(site.phones, groups.phone);
    expect(
      within(section).getByRole("link", { name: `Book your group: ${formatPhone(line.number)}` }),
    ).toHaveAttribute("href", telHref(line.number));
  });

  it("dials another line when the owner picks it, and is left out when there is no section", () => {
    const other = site.phones.find((p) => p.label !== groups.phone);
    if (!other) throw new Error("one phone line only");
    render(
      <GroupVisitsSection
        groups={{ ...groups, phone: other.label }}
        phones={site.phones}
        facts={richFacts}
        callClassName=""
      />,
    );
    expect(screen.getByRole("link", { name: /^Book your group: / })).toHaveAttribute(
      "href",
      telHref(other.number),
    );
    cleanup();
    const { container } = render(
      <GroupVisitsSection
        groups={undefined}
        phones={site.phones}
        facts={richFacts}
        callClassName=""
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe("sensory-friendly sessions", () => {
  it("are called out on Parties with their day, time and what is different, and only they", () => {
    expect(quiet.length).toBeGreaterThan(0);
    render(<SensorySessions sessions={site.sessions} />);
    const section = screen.getByRole("region", { name: "Sensory-friendly skating" });
    const items = within(section).getAllByRole("listitem");
    expect(items).toHaveLength(quiet.length);
    quiet.forEach((s, i) => {
      expect(items[i]?.textContent).toContain(s.name);
      expect(items[i]?.textContent).toContain(s.sensoryFriendly);
    });
  });

  it("leave Parties without the section when no session is marked", () => {
    const { container } = render(
      <SensorySessions sessions={site.sessions.map(({ sensoryFriendly: _, ...s }) => s)} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("are marked on their Home card, and the other cards are not", () => {
    for (const s of site.sessions) {
      render(<SessionCard session={s} />);
      const marked = screen.queryByText("Sensory-friendly:");
      if (s.sensoryFriendly) {
        expect(marked?.parentElement?.textContent).toBe(`Sensory-friendly: ${s.sensoryFriendly}`);
      } else expect(marked).toBeNull();
      cleanup();
    }
  });
});

const plainFacts = {
  rink: richFacts.rink,
  phone: formatPhone(richFacts.phone),
  "texts-a-month": String(richFacts.textsAMonth),
};
