/** Texts of the Simulator's scenario editor and of its scenario files (every word here is ours). */
export const EDITOR_TEXTS = {
  title: 'Scenario editor',
  editorLabel: 'Scenario YAML',
  open: 'Open a library scenario',
  new: 'New',
  name: 'File name',
  nameHint: 'Lower-case letters, digits and dashes',
  save: 'Save',
  saveCopy: 'Save as a copy',
  download: 'Download',
  upload: 'Upload',
  preview: 'Preview',
  delete: 'Delete',
  readOnly: (name: string) =>
    `${name} is a built-in scenario: it opens read-only. Save it as a copy under another name to change it.`,
  captured: (units: number) =>
    `Captured ${units.toLocaleString('en-US')} units: name the scenario and save it, or preview and apply it.`,
  validating: 'Checking…',
  valid: 'The scenario is valid.',
  problems: 'Problems',
  problemAt: (line: number | null, field: string) =>
    `${line === null ? 'Whole text' : `Line ${line}`}${field ? `, ${field}` : ''}`,
  saved: (name: string) => `Saved ${name} in the library.`,
  deleted: (name: string) => `Deleted ${name} from the library.`,
  uploadType: 'Upload a .yaml, .yml or .json file.',
  uploadJson: (file: string) => `${file} is not valid JSON.`,
  uploadTooBig: (file: string) => `${file} is too large for a scenario.`,
  source: { builtin: 'Built-in', saved: 'Saved' },
  template: `name: my-scenario
description: What this scenario shows.
units:
  - select: { family: aligner, count: 10 }
    set: { connected: false }
`,
} as const;
