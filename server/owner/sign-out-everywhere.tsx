// "Lost your phone?", at the foot of the owner's home (home-page.tsx) and inbox (inbox-page.tsx).
import { buttonStyles } from "../../ui/button-styles.ts";
import { homeWords } from "./words.ts";

/** Signs every session of the owner's address out, this one included. */
export function SignOutEverywhere() {
  return (
    <form method="post" action="/inbox/sign-out-everywhere" className="everywhere">
      <p>{homeWords.lostPhone}</p>
      <button type="submit" className={buttonStyles.outline}>
        {homeWords.signOutEverywhere}
      </button>
    </form>
  );
}
