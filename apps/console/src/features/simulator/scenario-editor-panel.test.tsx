import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScenarioProblem } from '@equipment-dashboard/contract';
import { openScreen } from '../../shared/testing/render-screen';
import { json } from '../../test/fetch-stub';
import { ScenarioEditorPanel } from './scenario-editor-panel';

const LIBRARY = [
  { name: 'hung-downloads', description: 'Thirty units are stuck downloading at 45%.', source: 'builtin' },
  { name: 'my-outage', description: 'Half the connected units drop.', source: 'saved' },
];
const BROKEN = 'name: broken\nunits:\n  - set: { connected: maybe }\n';
const PROBLEM: ScenarioProblem = {
  line: 3,
  field: 'units[0].set.connected',
  message: 'Invalid input: expected boolean, received string',
};

/** The editor panel over a library and a server that finds PROBLEM in BROKEN; `posted` collects each save's body. */
function openEditor() {
  const saved: unknown[] = [];
  const opened = openScreen('/Simulator', <ScenarioEditorPanel />, 'engineer', {
    '/sim/scenarios': LIBRARY,
    '/sim/scenario_validated/v1': async (request: Request) => {
      const { text } = (await request.json()) as { text: string };
      return { problems: text === BROKEN ? [PROBLEM] : [] };
    },
    '/sim/scenario_text/v1': (request: Request) => {
      const name = new URL(request.url).searchParams.get('name');
      return { name, source: name === 'my-outage' ? 'saved' : 'builtin', text: `name: ${name}\n` };
    },
    '/create/sim_scenario/v1': async (request: Request) => {
      const body = (await request.json()) as { name: string };
      saved.push(body);
      return body.name === 'hung-downloads'
        ? json(409, { error: 'hung-downloads is a built-in scenario.' })
        : { name: body.name, source: 'saved' };
    },
  });
  return { ...opened, saved };
}

const editorRegion = () => screen.getByRole('region', { name: 'Scenario editor' });
const upload = (file: File) => {
  const input = screen.getByTestId('scenario-upload');
  return { input, file };
};
/** A file picked past the input's accept list (a browser's "All files"). */
const pickAnyFile = (file: File) =>
  fireEvent.change(screen.getByTestId('scenario-upload'), { target: { files: [file] } });

describe('the scenario editor', () => {
  it('when a scenario with a problem is uploaded, then the problem shows under the editor with its line and field, and at its line in the editor', async () => {
    const { user } = openEditor();
    expect(await screen.findByRole('textbox', { name: 'Scenario YAML' })).toBeInTheDocument();
    const { input, file } = upload(new File([BROKEN], 'Broken Outage.yaml', { type: 'application/yaml' }));
    await user.upload(input, file);
    const problems = await screen.findByRole('region', { name: 'Problems' });
    expect(problems).toHaveTextContent(
      'Line 3, units[0].set.connected: Invalid input: expected boolean, received string',
    );
    expect(screen.getByRole('textbox', { name: 'File name' })).toHaveValue('broken-outage');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await waitFor(() => expect(editorRegion().querySelector('.cm-lintRange-error')).not.toBeNull());
    expect(editorRegion().querySelector('.cm-lintRange-error')?.textContent).toBe(
      '  - set: { connected: maybe }',
    );
  });

  it('when a file of another type or a JSON file that does not parse is uploaded, then it is refused with why and the editor keeps its text', async () => {
    openEditor();
    await screen.findByRole('textbox', { name: 'Scenario YAML' });
    pickAnyFile(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a .yaml, .yml or .json file.');
    pickAnyFile(new File(['{ "name": '], 'cut.json', { type: 'application/json' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('cut.json is not valid JSON.'));
    expect(screen.getByRole('textbox', { name: 'Scenario YAML' })).toHaveTextContent('name: my-scenario');
  });

  it('when a valid scenario is named and saved, then the library gets its name and text', async () => {
    const { user, saved } = openEditor();
    await screen.findByRole('textbox', { name: 'Scenario YAML' });
    expect(await screen.findByText('The scenario is valid.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'File name' }), 'my-scenario');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ name: 'my-scenario', text: expect.stringContaining('name: my-scenario') });
    expect(await within(editorRegion()).findByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('when a built-in scenario is opened, then it is read-only and offers Save as a copy under another name', async () => {
    const { user } = openEditor();
    await user.click(await screen.findByRole('combobox', { name: 'Open a library scenario' }));
    await user.click(await screen.findByTitle('hung-downloads (Built-in)'));
    expect(
      await screen.findByText(/hung-downloads is a built-in scenario: it opens read-only/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Scenario YAML' })).toHaveAttribute(
      'contenteditable',
      'false',
    );
    expect(screen.getByRole('textbox', { name: 'File name' })).toHaveValue('hung-downloads-copy');
    const saveCopy = await screen.findByRole('button', { name: 'Save as a copy' });
    await waitFor(() => expect(saveCopy).toBeEnabled());
  });
});
