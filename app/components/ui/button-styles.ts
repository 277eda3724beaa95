// Shared looks for links and buttons that act as calls to action.

const base =
  "inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 font-bold transition-colors disabled:cursor-not-allowed disabled:opacity-70";

export const buttonStyles = {
  primary: `${base} bg-accent-400 text-brand-950 hover:bg-accent-300`,
  secondary: `${base} border-2 border-white text-white hover:bg-white/10`,
  brand: `${base} bg-brand-800 text-white hover:bg-brand-700`,
  outline: `${base} border-2 border-brand-800 text-brand-900 hover:bg-brand-50`,
} as const;
