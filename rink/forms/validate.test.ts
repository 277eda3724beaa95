import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contactFields } from "./contact.ts";
import { newsletterMessages } from "./newsletter.ts";
import { isEmail, validateContact, validateNewsletter } from "./validate.ts";

const goodContact = {
  name: "Pat Skater",
  email: "pat@example.com",
  phone: "(317) 555-0100",
  subject: "birthday-party",
  message: "Can we book a party for 12 on Saturday?",
};

describe("validateContact", () => {
  it("accepts a complete message and keeps only the declared fields, trimmed", () => {
    const result = validateContact({ ...goodContact, name: "  Pat Skater  ", extra: "dropped" });
    expect(result).toEqual({ ok: true, value: goodContact });
  });

  it("treats the phone as optional", () => {
    const { phone: _, ...withoutPhone } = goodContact;
    expect(validateContact(withoutPhone)).toEqual({ ok: true, value: withoutPhone });
    expect(validateContact({ ...withoutPhone, phone: "  " })).toEqual({
      ok: true,
      value: withoutPhone,
    });
  });

  it("reports a missing required field as REQUIRED_FIELD_MISSING", () => {
    const { name: _, ...rest } = goodContact;
    expect(validateContact(rest)).toEqual({
      ok: false,
      errors: [{ field: "name", code: "REQUIRED_FIELD_MISSING", message: "is required" }],
    });
  });

  it("reports a blank required field as REQUIRED_FIELD_EMPTY", () => {
    expect(validateContact({ ...goodContact, message: " \n " })).toEqual({
      ok: false,
      errors: [{ field: "message", code: "REQUIRED_FIELD_EMPTY", message: "is required" }],
    });
  });

  it("reports a malformed email as TYPE_EMAIL, phrased to follow the label", () => {
    expect(validateContact({ ...goodContact, email: "pat@" })).toEqual({
      ok: false,
      errors: [{ field: "email", code: "TYPE_EMAIL", message: "should be an email" }],
    });
  });

  it("accepts only the six subjects", () => {
    const result = validateContact({ ...goodContact, subject: "refund" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ field: "subject", code: "TYPE_TEXT" });
  });

  it("reports a field over its limit as TYPE_TEXT with the limit", () => {
    const max = contactFields.message.maxLength;
    const result = validateContact({ ...goodContact, message: "x".repeat(max + 1) });
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          field: "message",
          code: "TYPE_TEXT",
          message: `is too long (at most ${max} characters)`,
        },
      ],
    });
    expect(validateContact({ ...goodContact, message: "x".repeat(max) }).ok).toBe(true);
  });

  it("rejects values that are not text", () => {
    const result = validateContact({ ...goodContact, name: { first: "Pat" }, phone: ["1", "2"] });
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: "name", code: "TYPE_TEXT", message: "should be text" },
        { field: "phone", code: "TYPE_TEXT", message: "should be text" },
      ],
    });
  });

  it("reports every problem at once, in field order", () => {
    const result = validateContact({ name: "", email: "nope", subject: "general" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.map((e) => [e.field, e.code])).toEqual([
        ["name", "REQUIRED_FIELD_EMPTY"],
        ["email", "TYPE_EMAIL"],
        ["message", "REQUIRED_FIELD_MISSING"],
      ]);
    }
  });

  it("answers an empty submission with the form-level EMPTY code", () => {
    for (const data of [{}, { name: " ", email: "" }, { unrelated: "x" }]) {
      const result = validateContact(data);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.errors).toHaveLength(1);
        expect(result.errors[0]?.code).toBe("EMPTY");
        expect(result.errors[0]?.field).toBeUndefined();
      }
    }
  });
});

describe("validateNewsletter", () => {
  const jsonSignup = {
    email: "fam@example.com",
    phone: "(317) 555-0100",
    signup_types: { hasEmail: true, hasSMS: true },
    type: "newsletter_signup",
    timestamp: "2025-06-01T12:00:00.000Z",
  };

  it("accepts the JavaScript signup payload and keeps email and phone", () => {
    expect(validateNewsletter(jsonSignup)).toEqual({
      ok: true,
      value: { email: "fam@example.com", phone: "(317) 555-0100" },
    });
  });

  it("reads 'Not provided' as an empty input", () => {
    expect(validateNewsletter({ ...jsonSignup, phone: "Not provided" })).toEqual({
      ok: true,
      value: { email: "fam@example.com" },
    });
    expect(validateNewsletter({ ...jsonSignup, email: "Not provided" })).toEqual({
      ok: true,
      value: { phone: "(317) 555-0100" },
    });
  });

  it("accepts a plain form post with just one input, normalising the phone", () => {
    expect(validateNewsletter({ phone: "317-555-0100" })).toEqual({
      ok: true,
      value: { phone: "(317) 555-0100" },
    });
    expect(validateNewsletter({ email: " fam@example.com ", phone: "" })).toEqual({
      ok: true,
      value: { email: "fam@example.com" },
    });
  });

  it("needs an email or a phone, as a form-level error", () => {
    const expected = {
      ok: false,
      errors: [{ code: "EMPTY", message: newsletterMessages.missing }],
    };
    expect(validateNewsletter({})).toEqual(expected);
    expect(validateNewsletter({ email: "", phone: " " })).toEqual(expected);
    expect(
      validateNewsletter({ ...jsonSignup, email: "Not provided", phone: "Not provided" }),
    ).toEqual(expected);
  });

  it("rejects a malformed email", () => {
    expect(validateNewsletter({ email: "fam@example" })).toEqual({
      ok: false,
      errors: [{ field: "email", code: "TYPE_EMAIL", message: "should be an email" }],
    });
  });

  it("wants exactly 10 digits in a phone", () => {
    for (const phone of ["555-0100", "(317) 555-01000", "317555010x", "+2 317 555 0100"]) {
      const result = validateNewsletter({ phone });
      expect(result.ok, phone).toBe(false);
      if (!result.ok) expect(result.errors[0]).toMatchObject({ field: "phone" });
    }
  });

  it("stores a number written with the US country code as the same number", () => {
    // Within the input's 14 characters (spec, section 3): longer is "too long", as before.
    for (const phone of ["+13175550100", "1-317-555-0100", "1 317 555 0100", "13175550100"]) {
      expect(validateNewsletter({ phone }), phone).toEqual({
        ok: true,
        value: { phone: "(317) 555-0100" },
      });
    }
  });

  it("accepts any US number typed with the usual punctuation", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^317\d{7}$/), (digits) => {
        const typed = `${digits.slice(0, 3)}.${digits.slice(3, 6)} ${digits.slice(6)}`;
        const result = validateNewsletter({ phone: typed });
        return result.ok && result.value.phone?.replace(/\D/g, "") === digits;
      }),
    );
  });
});

describe("the numbers text alerts go to", () => {
  const refused = {
    ok: false,
    errors: [
      {
        field: "phone",
        code: "TYPE_NUMERIC",
        message: "has an area code we do not send text alerts to",
      },
    ],
  };

  it("refuses a Jamaican number in words, with Canada open or not", () => {
    expect(validateNewsletter({ phone: "(876) 555-0100" })).toEqual(refused);
    expect(validateNewsletter({ phone: "+18765550100" }, { textsToCanada: true })).toEqual(refused);
  });

  it("refuses the plan's other countries and toll-free numbers, keeps US territories", () => {
    for (const phone of ["(809) 555-0100", "(268) 555-0100", "(441) 555-0100", "(800) 555-0100"]) {
      expect(validateNewsletter({ phone }), phone).toEqual(refused);
    }
    for (const phone of ["(787) 555-0100", "(340) 555-0100", "(671) 555-0100"]) {
      expect(validateNewsletter({ phone }).ok, phone).toBe(true);
    }
  });

  it("takes a Canadian number only once Canada is open", () => {
    expect(validateNewsletter({ phone: "(416) 555-0100" })).toEqual(refused);
    expect(validateNewsletter({ phone: "(416) 555-0100" }, { textsToCanada: true })).toEqual({
      ok: true,
      value: { phone: "(416) 555-0100" },
    });
  });
});

describe("isEmail", () => {
  it("agrees with the usual cases", () => {
    expect(isEmail("a.b+c@mail.example.org")).toBe(true);
    for (const bad of ["", "a", "a@", "@b.com", "a b@c.com", "a@b", "a@b..com", "a@-b.com"]) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });
});
