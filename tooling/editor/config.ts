// The editor's configuration (Sveltia CMS's config.yml), made at build from the content schema
// (rink/content/schema.ts's `contentFiles`), the editor's words (words/) and its settings
// (settings.ts): the schema is the one description of the content, so the editor cannot let the
// owner save what the build refuses. tooling/build-admin.ts writes it into
// build/client/admin/config.yml, with the repository and branch from the settings
// (tooling/editor-config.ts).
import { stringify } from "yaml";
import { contentFiles } from "../../rink/content/schema.ts";
import { editorFields, shapeOf } from "./fields.ts";
import { editorSettings } from "./settings.ts";
import { collections } from "./words/collections.ts";

/** The configuration as an object: the settings, then one collection a group of files. */
export function editorConfigObject() {
  const files: Record<string, { file: string; schema: unknown }> = contentFiles;
  const placed = collections.flatMap((c) => Object.keys(c.files));
  for (const key of Object.keys(files)) {
    if (!placed.includes(key))
      throw new Error(
        `tooling/editor: content/${files[key]?.file} is in no collection (words/collections.ts)`,
      );
  }
  return {
    ...editorSettings,
    collections: collections.map(({ name, label, description, files: fileWords }) => ({
      name,
      label,
      ...(description ? { description } : {}),
      editor: { preview: false },
      files: Object.entries(fileWords).map(([key, words]) => {
        const entry = contentFiles[key as keyof typeof contentFiles];
        if (!entry) throw new Error(`tooling/editor: words for "${key}", which is no content file`);
        const path = `content/${entry.file}`;
        return {
          name: key,
          label: words.label,
          file: path,
          format: "yaml",
          fields: editorFields(shapeOf(entry.schema), words.fields, path),
        };
      }),
    })),
  };
}

/** The configuration as the editor reads it: YAML, saying where it comes from. */
export function editorConfigText(): string {
  return `# The editor's configuration, made by the build from the content schema (rink/content/)
# and the editor's words and settings (tooling/editor/): change a label or a hint there.
${stringify(editorConfigObject(), { aliasDuplicateObjects: false, lineWidth: 0 })}`;
}
