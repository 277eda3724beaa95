/**
 * Inline boot script, run in <head> before the first paint: marks the document as scripted,
 * so the CSS hides the closed mobile menu only when its button can open it (app/app.css).
 */
export const bootScript = `document.documentElement.classList.add("js")`;
