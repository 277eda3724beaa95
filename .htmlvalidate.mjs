// html-validate's rules for the built pages (tests/e2e/html-valid.spec.ts). The recommended
// set, less the rules that judge how React writes valid HTML rather than whether it is valid.
export default {
  extends: ["html-validate:recommended"],
  rules: {
    // React writes void elements self-closed (<meta />, <br />): valid HTML, a style choice.
    "void-style": "off",
    // React writes attribute names as in JSX (autoComplete, maxLength, srcSet, charSet);
    // HTML attribute names are case-insensitive, so the browser reads them the same.
    "attr-case": "off",
    // React writes boolean and empty attributes as name="" (required="", download=""): valid.
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // React's generated ids (useId: "_R_t95_-email") and its streaming markers ("S:0") are
    // valid HTML ids (any non-empty text without spaces); the rule asks for CSS-friendly ones.
    "valid-id": "off",
    // The rule wants &nbsp; for every space in a tel: link's text, words included ("Call Now",
    // "Call to Book"). A number never breaks across lines here: each link showing one carries
    // the whitespace-nowrap class (and the rule's ignoreClasses cannot spare the words).
    "tel-non-breaking": "off",
  },
};
