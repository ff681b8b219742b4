import { TEXT_MAX } from '@equipment-dashboard/contract';
import { EDITOR_TEXTS as T } from './editor-texts';

/** The files Upload offers: a scenario is YAML, or JSON (which is YAML too). */
export const SCENARIO_UPLOAD_ACCEPT = '.yaml,.yml,.json';

/** A library name from a file's name: lower-case, dashes for anything else, no extension. */
function nameOf(fileName: string): string {
  return fileName
    .replace(/\.(ya?ml|json)$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/**
 * An uploaded scenario file, checked before it reaches the editor: its type by extension, its size, and a .json file
 * must parse as JSON (a YAML file is checked by the server as one types, like any text).
 */
export async function readScenarioUpload(
  file: File,
): Promise<{ text: string; name: string } | { problem: string }> {
  if (!/\.(ya?ml|json)$/i.test(file.name)) return { problem: T.uploadType };
  if (file.size > TEXT_MAX.scenarioFile * 4) return { problem: T.uploadTooBig(file.name) };
  const text = await file.text();
  if (text.length > TEXT_MAX.scenarioFile) return { problem: T.uploadTooBig(file.name) };
  if (/\.json$/i.test(file.name)) {
    try {
      JSON.parse(text);
    } catch {
      return { problem: T.uploadJson(file.name) };
    }
  }
  return { text, name: nameOf(file.name) };
}
