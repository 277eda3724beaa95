// The owner's screens' one stylesheet, served at stylesheetPath (routes.ts) under the pages' strict
// policy (no inline style anywhere).

export const stylesheetPath = "/inbox/inbox.css";

/** Large tap targets, the site's purple, AA contrast; no web font (the phone's own). */
export const stylesheet = `
:root { color-scheme: light; --ink: #1f1235; --brand: #4c1d95; --soft: #f3effa; --line: #d9d0ea; --danger: #9f1239; }
* { box-sizing: border-box; }
body { margin: 0; font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
.top { display: flex; justify-content: space-between; align-items: center; gap: 1rem; padding: .75rem 1rem; background: var(--brand); color: #fff; }
.brand { margin: 0; font-weight: 700; }
.signout { display: flex; align-items: center; gap: .5rem; margin: 0; }
.who { font-size: .9rem; overflow-wrap: anywhere; }
main { max-width: 46rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; line-height: 1.2; margin: .5rem 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 0; overflow-wrap: anywhere; }
a { color: var(--brand); text-underline-offset: 2px; }
.top .quiet { color: #fff; border-color: #fff; white-space: nowrap; }
button, .button { display: inline-block; min-height: 44px; padding: .55rem 1rem; border: 2px solid var(--brand); border-radius: .5rem; background: var(--brand); color: #fff; font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; }
button.quiet { background: transparent; color: var(--brand); }
button.danger { background: var(--danger); border-color: var(--danger); }
.danger-link { color: var(--danger); }
:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
.top :focus-visible { outline-color: #fde68a; }
input { width: 100%; min-height: 44px; padding: .5rem .75rem; border: 2px solid #6b5b8a; border-radius: .5rem; font: inherit; }
label { font-weight: 600; }
.stack { display: grid; gap: .5rem; max-width: 26rem; }
.note, .summary { padding: .75rem 1rem; background: var(--soft); border-radius: .5rem; }
.tabs { display: flex; flex-wrap: wrap; gap: .5rem; list-style: none; padding: 0; margin: 1rem 0; }
.tabs a { display: inline-block; padding: .5rem .9rem; border: 2px solid var(--line); border-radius: 999px; text-decoration: none; font-weight: 600; }
.tabs a[aria-current="page"] { background: var(--brand); border-color: var(--brand); color: #fff; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: 999px; background: #fde68a; color: #451a03; font-size: .8rem; font-weight: 700; }
.search { margin: 1rem 0; }
.search .row { display: flex; gap: .5rem; margin-top: .25rem; }
.items { list-style: none; padding: 0; display: grid; gap: .75rem; }
.item article { border: 2px solid var(--line); border-radius: .75rem; padding: .9rem 1rem; }
.item.fresh article { border-color: var(--brand); }
.meta { margin: .15rem 0 .5rem; color: #4b4060; font-size: .9rem; }
.contact { display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: .25rem 0; overflow-wrap: anywhere; }
dl { margin: .5rem 0; }
dt { font-weight: 600; font-size: .9rem; }
dd { margin: 0 0 .4rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.actions { display: flex; flex-wrap: wrap; align-items: center; gap: .75rem 1.25rem; margin-top: .5rem; }
.actions form { margin: 0; }
.plain { padding-left: 1.2rem; }
.everywhere { margin: 2rem 0 1rem; padding-top: 1rem; border-top: 2px solid var(--line); }
.everywhere p { margin: 0 0 .5rem; }
.downloads { display: flex; flex-wrap: wrap; align-items: center; gap: .75rem 1.25rem; }
@media (min-width: 60rem) { main { max-width: 60rem; } .items { grid-template-columns: 1fr 1fr; } }
section { margin: 1.75rem 0; }
section > h2 { margin: 0 0 .5rem; }
h3 { font-size: 1.1rem; margin: 0; overflow-wrap: anywhere; }
textarea { width: 100%; min-height: 6rem; padding: .5rem .75rem; border: 2px solid #6b5b8a; border-radius: .5rem; font: inherit; }
.update-form { max-width: 32rem; gap: .4rem; }
.update-form > label, .update-form > fieldset { margin-top: .75rem; }
fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
legend { padding: 0; margin-bottom: .25rem; font-weight: 600; }
.choice { display: flex; align-items: center; gap: .65rem; min-height: 44px; font-weight: 400; }
.choice input { flex: none; width: 1.4rem; height: 1.4rem; min-height: 0; margin: 0; accent-color: var(--brand); }
.hint { margin: 0; color: #4b4060; font-size: .95rem; }
.hours .row { display: flex; gap: .75rem; margin-top: .4rem; }
.hours .row > * { flex: 1; gap: .25rem; }
.error { margin: .15rem 0 0; color: var(--danger); font-weight: 600; }
[aria-invalid="true"] { border-color: var(--danger); }
.error-summary { margin: 1rem 0; padding: .75rem 1rem; border: 3px solid var(--danger); border-radius: .5rem; }
.error-summary h2 { color: var(--danger); }
.error-summary ul { margin: .5rem 0 0; padding-left: 1.2rem; }
.error-summary a { color: var(--danger); font-weight: 600; }
.sample { margin: .5rem 0; padding: .75rem 1rem; border: 2px solid var(--line); border-left: 6px solid var(--brand); border-radius: .5rem; background: var(--soft); }
.sample p { margin: .25rem 0; }
.sample form { margin-top: .75rem; }
.sample-title { font-weight: 700; }
.note-text { white-space: pre-wrap; overflow-wrap: anywhere; }
.crumb { margin: 0 0 .25rem; }
.crumb a { display: inline-block; min-height: 44px; padding: .6rem 0; font-weight: 600; }
.attention { margin: 1rem 0 1.5rem; padding: .75rem 1rem .25rem; border: 2px solid var(--line); border-left: 6px solid #b45309; border-radius: .5rem; background: #fffbeb; }
.attention h2, nav > h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
.needs { margin: 0; padding: 0; list-style: none; }
.needs li + li { border-top: 1px solid #fcd34d; }
.needs a { display: block; min-height: 44px; padding: .55rem 0; font-weight: 600; line-height: 1.35; overflow-wrap: anywhere; }
.attention p { margin: 0 0 .5rem; }
.needs .setup a { min-height: 32px; padding: .35rem 0; font-weight: 400; font-size: .95rem; }
.doors { list-style: none; padding: 0; margin: 0; display: grid; gap: .75rem; }
.door { display: block; min-height: 44px; padding: .9rem 1rem; border: 2px solid var(--brand); border-radius: .75rem; text-decoration: none; color: var(--ink); }
.door:hover { background: var(--soft); }
.door-label { font-size: 1.2rem; font-weight: 700; color: var(--brand); }
.door-hint { display: block; margin-top: .15rem; color: #4b4060; font-size: .95rem; }
@media (min-width: 40rem) { .doors { grid-template-columns: 1fr 1fr; } }
`;
