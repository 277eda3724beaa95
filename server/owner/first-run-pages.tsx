// The first run's pages at /setup (first-run-routes.ts): the setup code and the owner's email,
// how to set the code when the site has none, and the page once the site has its owner. Styled
// as the sign-in page is (pages.tsx), in the owner's frame (layout.tsx).
import { buttonStyles } from "../../ui/button-styles.ts";
import { Field } from "../../ui/field.tsx";
import { controlAria, controlStyles } from "../../ui/field-styles.ts";
import { setupCodeMaxLength } from "./first-run.ts";
import { layout } from "./layout.tsx";
import { OwnerEmailInput } from "./owner-email-input.tsx";
import { type HostHelp, firstRunWords as words } from "./words.ts";

export interface SetupForm {
  /** The address typed, shown again beside an error (the code never is). */
  email?: string;
  errors?: { code?: string; email?: string };
  /** Why the form was not tried at all (too many tries), said above it. */
  note?: string;
}

export function setupPage({ email = "", errors = {}, note }: SetupForm = {}): Promise<string> {
  return layout(
    words.title,
    <>
      <h1>{words.heading}</h1>
      <p>{words.intro}</p>
      {note ? (
        <p className="note" role="status">
          {note}
        </p>
      ) : null}
      <form method="post" action={words.path} className="stack">
        <Field id="code" label={words.codeLabel} hint={words.codeHint} error={errors.code}>
          <input
            {...controlAria("code", errors.code, true)}
            name="code"
            type="text"
            className={controlStyles.light}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={setupCodeMaxLength}
          />
        </Field>
        <Field id="email" label={words.emailLabel} hint={words.emailHint} error={errors.email}>
          <OwnerEmailInput error={errors.email} hint defaultValue={email} />
        </Field>
        <button type="submit" className={buttonStyles.brand}>
          {words.submit}
        </button>
      </form>
    </>,
  );
}

/** No setup code (or one too short to use): how to set it, in the host's own steps. */
export function noSetupCodePage(help: HostHelp, refused: boolean): Promise<string> {
  return layout(
    words.noCodeTitle,
    <>
      <h1>{words.noCodeTitle}</h1>
      <p>{refused ? words.codeRefused(help) : words.noCode(help)}</p>
    </>,
  );
}

/** The site has its owner: the first run is over, for good. */
export function setupClosedPage(): Promise<string> {
  return layout(
    words.closedTitle,
    <>
      <h1>{words.closedTitle}</h1>
      <p>{words.closed}</p>
      <p>
        <a href="/inbox/">{words.signIn}</a>
      </p>
    </>,
  );
}
