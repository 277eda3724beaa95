import { describe, expect, it } from "vitest";
import { escapeHtml, renderErrorPage } from "./error-page.ts";

describe("renderErrorPage", () => {
  it("escapes everything it is given", () => {
    const html = renderErrorPage({
      title: "Check <this>",
      problems: ['Name <script>alert("x")</script> & more'],
      backHref: '/contact"><script>',
      backText: "back",
    });
    expect(html).not.toContain("<script");
    expect(html).toContain("<title>Check &lt;this&gt;</title>");
    expect(html).toContain(
      "<li>Name &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</li>",
    );
    expect(html).toContain('href="/contact&quot;&gt;&lt;script&gt;"');
  });

  it("escapes the five characters HTML cares about", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});
