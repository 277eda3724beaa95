// What each page of the site must show, from the content module (site-facts.ts's
// expectRouteFacts picks the page's; /events's are in event-facts.ts): the home page, About,
// Parties, Policies, the privacy notice, the text-alert terms and Contact.
import type { Page } from "@playwright/test";
import { smallPrintLink } from "../../../app/content/navigation.ts";
import { formatAddress } from "../../../app/lib/maps.ts";
import { formatPhone, phoneByLabel, telHref } from "../../../app/lib/phone.ts";
import {
  formatDayList,
  formatDuration,
  formatPrice,
  formatSkaters,
  formatTimeRange,
} from "../../../rink/format.ts";
import { smsConsent, textsPerMonth } from "../../../rink/forms/newsletter.ts";
import { linksOf } from "../../../rink/rich-text.ts";
import { site } from "./content.ts";
import { expectComingSoon } from "./event-facts.ts";
import { expect } from "./fixtures.ts";
import { escapeRegExp, expectHours, expectRichText, mainPhone, readable } from "./shared-facts.ts";

export async function expectHome(page: Page) {
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.name);
  await expect(main).toContainText(site.tagline);
  await expect(main).toContainText(/family owned/i);
  await expect(main).toContainText(`${site.rating.value.toFixed(1)} ${site.rating.source} rating`);
  await expect(main.getByRole("link", { name: "Call to Book" })).toHaveAttribute(
    "href",
    telHref(mainPhone.number),
  );
  await expect(main.getByRole("link", { name: "View Hours" })).toHaveAttribute("href", "#hours");

  const offer = page.getByRole("region", { name: "What We Offer" });
  for (const service of site.services) {
    await expect(offer.getByRole("heading", { name: service.name })).toBeVisible();
  }

  const sessions = page.getByRole("region", { name: "Public Skating Sessions" });
  await expect(sessions).toHaveAttribute("id", "hours");
  for (const session of site.sessions) {
    const card = sessions
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: session.name, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card).toBeVisible();
    await expect(card).toContainText(formatTimeRange(session.time));
    await expect(card).toContainText(formatPrice(session.price));
    if (session.priceUnit) {
      await expect(card).toContainText(
        new RegExp(
          `${escapeRegExp(formatPrice(session.price))}\\s*${escapeRegExp(session.priceUnit)}`,
        ),
      );
    }
    for (const perk of session.perks) await expect(card).toContainText(perk);
    if (session.familyDeal) {
      const { size, price, includes } = session.familyDeal;
      await expect(card).toContainText(`Family of ${size}: ${formatPrice(price)} with ${includes}`);
    }
    // A session the owner marked sensory-friendly says so on its card (issue 34); no other does.
    await expect(card.getByText("Sensory-friendly:")).toHaveCount(session.sensoryFriendly ? 1 : 0);
    if (session.sensoryFriendly)
      await expect(card).toContainText(`Sensory-friendly: ${session.sensoryFriendly}`);
  }
  await expectHours(sessions);

  // The next few events (issue 34: the spec's Coming Soon items are events with dates).
  await expectComingSoon(page);

  const findUs = page.getByRole("region", { name: "Find Us" });
  await expect(findUs).toContainText(formatAddress(site.address));
  await expect(findUs.getByRole("link", { name: formatPhone(mainPhone.number) })).toHaveAttribute(
    "href",
    telHref(mainPhone.number),
  );
  await expect(findUs).toContainText(site.rating.value.toFixed(1));

  // The signup says what a number agrees to, and links the terms and the privacy notice.
  const signup = page.getByRole("region", { name: "Newsletter signup" });
  await expect(signup).toHaveAttribute("id", "newsletter");
  const terms = smallPrintLink("/text-alerts");
  await expect(signup.getByLabel("Phone")).toHaveAccessibleDescription(
    `${smsConsent(site.name)} ${terms.label}`,
  );
  await expect(signup.getByRole("link", { name: terms.label })).toHaveAttribute("href", terms.to);
  await expect(
    signup.getByRole("link", { name: "How we handle your information" }),
  ).toHaveAttribute("href", "/privacy");
}

export async function expectAbout(page: Page) {
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(site.name);
  for (const paragraph of site.story) await expect(main).toContainText(paragraph);
  await expect(main).toContainText(site.mission);
  const stats = page.getByRole("region", { name: "The rink in numbers" });
  await expect(stats).toContainText(site.rating.value.toFixed(1));
  await expect(stats).toContainText(String(site.sessions.length));
  await expect(stats).toContainText(String(site.partyPackages.length));
  await expect(stats).toContainText(formatPrice(Math.min(...site.sessions.map((s) => s.price))));
  for (const service of site.services) {
    await expect(main.getByRole("heading", { name: service.name })).toBeVisible();
    await expect(main).toContainText(service.detail);
  }
  for (const value of site.values) {
    await expect(main.getByRole("heading", { name: value.name })).toBeVisible();
    await expect(main).toContainText(value.detail);
  }
  // The owner's photos (the gallery has its own spec), or the drawing when there are none:
  // every picture named for those who cannot see it.
  const pictures = main.getByRole("img");
  await expect(pictures.first()).toBeVisible();
  for (const picture of await pictures.all()) await expect(picture).toHaveAccessibleName(/.+/);
  await expect(main.getByRole("link", { name: "Call Now" })).toHaveAttribute(
    "href",
    telHref(mainPhone.number),
  );
  await expect(main.getByRole("link", { name: "Get Directions" })).toHaveAttribute(
    "href",
    "/contact",
  );
}

export async function expectParties(page: Page) {
  const main = page.getByRole("main");
  const packages = page.getByRole("region", { name: "Party packages" });
  for (const pkg of site.partyPackages) {
    const card = packages
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: pkg.name, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card).toBeVisible();
    await expect(card).toContainText(formatSkaters(pkg.skaters));
    await expect(
      card.locator("dt", { hasText: "Cash" }).locator("xpath=following-sibling::dd[1]"),
    ).toHaveText(formatPrice(pkg.cashPrice));
    await expect(
      card.locator("dt", { hasText: "Credit card" }).locator("xpath=following-sibling::dd[1]"),
    ).toHaveText(formatPrice(pkg.cardPrice));
    await expect(card).toContainText(formatDuration(pkg.durationMinutes));
    for (const extra of pkg.extras) await expect(card).toContainText(extra);
  }
  for (const item of site.partyIncludes) await expect(packages).toContainText(item);
  await expect(main).toContainText(site.partyOwnFood);

  const availability = page.getByRole("region", { name: "Availability" });
  for (const group of site.partyAvailability) {
    await expect(availability.getByRole("heading", { name: group.packages })).toBeVisible();
    for (const slot of group.slots) {
      await expect(availability).toContainText(
        `${formatDayList(slot.days)} ${slot.label}: ${formatTimeRange(slot.time)}`,
      );
    }
  }

  const booking = phoneByLabel(site.phones, "Reservations");
  await expect(
    main.getByRole("link", { name: `Call ${formatPhone(booking.number)}` }),
  ).toHaveAttribute("href", telHref(booking.number));
  await expect(main.getByRole("link", { name: "Send us a message" })).toHaveAttribute(
    "href",
    "/contact",
  );

  // The guide (issue 34), after the spec's sections: each question closed until opened, and
  // opened from the keyboard (with or without JavaScript: the no-JavaScript spec runs this too).
  const questions = page.getByRole("region", { name: "Party questions" });
  const items = questions.locator("details");
  await expect(items).toHaveCount(site.partyQuestions.length);
  for (const [i, q] of site.partyQuestions.entries()) {
    // The question, then the open/close sign (hidden from screen readers).
    await expect(items.nth(i).locator("summary")).toHaveText(`${q.question}+`);
    await expect(items.nth(i).getByText(readable(q.answer))).toBeHidden();
  }
  const first = site.partyQuestions[0];
  if (first) {
    await items.first().locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(items.first().getByText(readable(first.answer))).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(items.first().getByText(readable(first.answer))).toBeHidden();
  }
  if (site.groupVisits) {
    const groups = page.getByRole("region", { name: "Groups and field trips" });
    for (const text of [...site.groupVisits.forWhom, ...site.groupVisits.rules])
      await expect(groups.getByRole("listitem").filter({ hasText: text })).toHaveText(text);
    await expect(groups).toContainText(readable(site.groupVisits.booking));
    const line = phoneByLabel(site.phones, site.groupVisits.phone);
    await expect(
      groups.getByRole("link", { name: `Book your group: ${formatPhone(line.number)}` }),
    ).toHaveAttribute("href", telHref(line.number));
  }
  const quiet = site.sessions.filter((s) => s.sensoryFriendly);
  const sensory = page.getByRole("region", { name: "Sensory-friendly skating" });
  await expect(sensory).toHaveCount(quiet.length > 0 ? 1 : 0);
  for (const s of quiet) {
    await expect(sensory.getByRole("listitem").filter({ hasText: s.name })).toContainText(
      `${formatTimeRange(s.time)}`,
    );
    await expect(sensory).toContainText(s.sensoryFriendly ?? "");
  }
}

export async function expectPolicies(page: Page) {
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Safety and Conduct Policies");
  await expect(main).toContainText(site.policies.intro);
  for (const section of site.policies.sections) {
    const region = main.getByRole("region", { name: section.title, exact: true });
    await expect(region).toBeVisible();
    for (const rule of section.rules) {
      await expect(region.getByRole("listitem").filter({ hasText: rule })).toHaveText(rule);
    }
  }
  for (const contact of site.policies.helpContacts) {
    await expect(main).toContainText(contact.role);
    await expect(main).toContainText(contact.detail);
  }
  await expect(main).toContainText(site.policies.commitment);
  // The privacy notice has its own page now; Policies links it where it used to be.
  const privacy = main.locator("#privacy");
  await expectRichText(privacy, site.policies.privacyNote);
  expect(linksOf(site.policies.privacyNote)).toContain("/privacy");
}

export async function expectPrivacy(page: Page) {
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.pages.privacy.heading);
  await expectRichText(main, site.privacy.intro);
  for (const topic of site.privacy.topics) {
    const region = main.getByRole("region", { name: topic.topic, exact: true });
    await expect(region).toBeVisible();
    await expectRichText(region, topic.detail);
  }
}

export async function expectTextAlerts(page: Page) {
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.pages.textAlerts.heading);
  await expectRichText(main, site.textAlerts.intro);
  for (const term of site.textAlerts.terms) {
    const region = main.getByRole("region", { name: term.heading, exact: true });
    await expect(region).toBeVisible();
    await expectRichText(region, term.text);
  }
  // What a carrier's reviewer looks for, as a visitor reads it (the fixture's words).
  const terms = await main.innerText();
  expect(terms).toContain(`Up to ${textsPerMonth} messages a month`);
  for (const words of ["Reply HELP", "Reply STOP", "Msg & data rates may apply", "reply YES"]) {
    expect(terms).toContain(words);
  }
  expect(terms).toMatch(/carriers are not liable for delayed or undelivered messages/i);
  await expect(main.getByRole("link", { name: "privacy notice" })).toHaveAttribute(
    "href",
    "/privacy",
  );
}

export async function expectContact(page: Page) {
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");

  const address = main.getByRole("region", { name: "Address", exact: true });
  await expect(address).toContainText(formatAddress(site.address));
  const directions = address.getByRole("link", { name: /get directions/i });
  await expect(directions).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/dir\//);

  const phones = main.getByRole("region", { name: "Phone", exact: true });
  for (const phone of site.phones) {
    const term = phones.locator("dt", { hasText: phone.label });
    await expect(term).toHaveText(phone.label);
    await expect(term.locator("xpath=following-sibling::dd[1]").getByRole("link")).toHaveAttribute(
      "href",
      telHref(phone.number),
    );
    await expect(term.locator("xpath=following-sibling::dd[1]")).toHaveText(
      formatPhone(phone.number),
    );
  }

  await expectHours(main.getByRole("region", { name: "Hours", exact: true }));

  await expect(main.getByRole("link", { name: /open in google maps/i })).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/search\//,
  );
  const quickCall = main.getByRole("region", { name: /give us a call/i });
  for (const phone of site.phones) {
    await expect(
      quickCall.getByRole("link", { name: `${phone.label}: ${formatPhone(phone.number)}` }),
    ).toHaveAttribute("href", telHref(phone.number));
  }
}
