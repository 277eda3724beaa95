import { honeypotField } from "../rink/forms/form-ids.ts";

/**
 * Formspree's spam trap: a text input named `_gotcha` that people never see, reach or hear,
 * so only a bot fills it. Off-screen rather than display:none, which some bots skip.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="sr-only">
      <label>
        Leave this field empty
        <input type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
