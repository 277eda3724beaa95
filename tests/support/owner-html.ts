// The owner's pages as a browser reads them, for the suites that check their HTML. The HTML is
// React's own, not respelt (decision 026): `&#x27;` for an apostrophe, `/>` on void elements,
// `required=""`, an input's value written last. So the suites read it back instead of pinning
// one spelling: the text with its character references read, and each input's attributes by
// name, in whatever order they come.

/** The text with the character references React writes read back, as a browser shows them. */
export function decoded(html: string): string {
  return html
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** Every <input> of the page in document order, its attributes by name ("" for a bare one). */
export function inputsOf(html: string): Record<string, string>[] {
  return [...html.matchAll(/<input\b([^>]*?)\/?>/g)].map(([, attributes = ""]) =>
    Object.fromEntries(
      [...attributes.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)].map(([, name = "", value = ""]) => [
        name,
        decoded(value),
      ]),
    ),
  );
}

/** The hidden fields of a form's page as a browser would send them on, in order. */
export function hiddenFields(html: string): [string, string][] {
  return inputsOf(html)
    .filter((input) => input.type === "hidden")
    .map((input) => [input.name ?? "", input.value ?? ""]);
}
