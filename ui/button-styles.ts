// Shared looks for links and buttons that act as calls to action.

// At least one line of text tall (1lh, plus the padding, plus a border where there is one):
// on a slow phone the browser can paint a button whose icon has been parsed and its text not
// yet, and a button that grew when its text came moved the icon inside it (Home's Call to
// Book, 44 → 52 px, seen with the CPU slowed 8 times).
const base =
  "inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 font-bold transition-colors disabled:cursor-not-allowed disabled:opacity-70";
const filled = `${base} min-h-[calc(1lh_+_1.5rem)]`;
const bordered = `${base} min-h-[calc(1lh_+_1.5rem_+_4px)] border-2`;

export const buttonStyles = {
  primary: `${filled} bg-accent-400 text-brand-950 hover:bg-accent-300`,
  secondary: `${bordered} border-white text-white hover:bg-white/10`,
  brand: `${filled} bg-brand-800 text-white hover:bg-brand-700`,
  outline: `${bordered} border-brand-800 text-brand-900 hover:bg-brand-50`,
  /** What cannot be taken back (ending an update, deleting someone's data): white on the
   *  site's pink, 7.2:1 (pop-700; 5.5:1 on pop-600 under the pointer). */
  danger: `${filled} bg-pop-700 text-white hover:bg-pop-600`,
} as const;
