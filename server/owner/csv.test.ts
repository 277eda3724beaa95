import { describe, expect, it } from "vitest";
import { formOfKind } from "../forms/accepted-forms.ts";
import type { Submission } from "../node/database.ts";
import { csvCell, findList, submissionsCsv, toCsv } from "./csv.ts";

const submission = (id: number, data: Record<string, string>): Submission => ({
  id,
  form: "contact",
  createdAt: `2025-06-0${id}T12:00:00.000Z`,
  data,
  spam: false,
  notifySentAt: null,
  notifyAttempts: 0,
  notifyLastError: null,
  handledAt: null,
});

describe("csvCell", () => {
  it("quotes only what RFC 4180 needs quoted, doubling quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("")).toBe("");
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1 317 555 0100")).toBe("'+1 317 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("a=1")).toBe("a=1");
  });
});

describe("submissionsCsv", () => {
  it("writes a header and one CRLF-ended row per submission, fields by label", () => {
    const form = formOfKind("contact");
    if (!form) throw new Error("no contact form");
    const csv = submissionsCsv(form, [
      submission(1, {
        name: "=cmd|' /C calc'!A0",
        email: "pat@example.com",
        subject: "birthday-party",
        message: 'Hi, "Rink"\nSee you',
      }),
      submission(2, { name: "@Sam", email: "sam@example.com", subject: "other", message: "-" }),
    ]);
    expect(csv).toBe(
      "ID,Received,Name,Email,Phone,Subject,Message\r\n" +
        "1,2025-06-01T12:00:00.000Z,'=cmd|' /C calc'!A0,pat@example.com,,Birthday Party Booking," +
        '"Hi, ""Rink""\nSee you"\r\n' +
        "2,2025-06-02T12:00:00.000Z,'@Sam,sam@example.com,,Other,'-\r\n",
    );
  });

  it("writes just the header when there is nothing to export", () => {
    const form = formOfKind("newsletter");
    if (!form) throw new Error("no newsletter form");
    expect(submissionsCsv(form, [])).toBe(
      "ID,Received,Email,Phone,Agreed to email news,Agreed to text alerts\r\n",
    );
    expect(toCsv([])).toBe("");
  });

  it("says who agreed to which newsletter list, and gives either list alone", () => {
    const form = formOfKind("newsletter");
    if (!form) throw new Error("no newsletter form");
    const signups = [
      { ...submission(1, { email: "fam@example.com" }), form: "newsletter" },
      { ...submission(2, { phone: "(317) 555-0100" }), form: "newsletter" },
      {
        ...submission(3, { email: "both@example.com", phone: "(317) 555-0101" }),
        form: "newsletter",
      },
    ];
    const ids = (csv: string) =>
      csv
        .trimEnd()
        .split("\r\n")
        .slice(1)
        .map((row) => row.split(",")[0]);
    expect(submissionsCsv(form, signups).split("\r\n").slice(1, 4)).toEqual([
      "1,2025-06-01T12:00:00.000Z,fam@example.com,,yes,no",
      "2,2025-06-02T12:00:00.000Z,,(317) 555-0100,no,yes",
      "3,2025-06-03T12:00:00.000Z,both@example.com,(317) 555-0101,yes,yes",
    ]);
    expect(ids(submissionsCsv(form, signups, findList(form, "email")))).toEqual(["1", "3"]);
    expect(ids(submissionsCsv(form, signups, findList(form, "text")))).toEqual(["2", "3"]);
    expect(findList(form, "fax")).toBeUndefined();
  });
});
