import { scenarioFilesEndpoints as s } from '@equipment-dashboard/contract';
import { captureScenario } from '../../scenarios/scenario-capture';
import { deleteScenarioFile, readScenarioFileText, saveScenarioFile } from '../../scenarios/saved-scenarios';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';
import { fileResult } from '../route';

/** Scenario files for testers: capture units as a scenario; save, read, download and delete saved scenarios. */
export function mountScenarioFiles(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(s.captureScenario, ({ body, user }) => captureScenario(deps, user, body.selection))
    .on(s.saveScenario, ({ body, user }) => saveScenarioFile(deps, user.username, body))
    .on(s.readScenarioText, ({ query }) => readScenarioFileText(deps, query.name))
    .on(s.downloadScenario, ({ query }) =>
      fileResult({
        contentType: 'application/yaml; charset=utf-8',
        data: Buffer.from(readScenarioFileText(deps, query.name).text),
        fileName: `${query.name}.yaml`,
        disposition: 'attachment',
      }),
    )
    .on(s.deleteScenario, ({ body, user }) => deleteScenarioFile(deps, user.username, body.name));
}
