import { Button, Card, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useReadScenarioLibraryQuery } from '@equipment-dashboard/api-client';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { usePhoneTable } from '../../shared/ui/phone-table';
import { serverProblem } from '../../shared/back-office/server-error';
import { ScenarioPreviewDialog } from './scenario-preview-dialog';
import { EDITOR_TEXTS as E } from './editor-texts';
import { SIMULATOR_TEXTS as T } from './texts';

interface LibraryRow {
  name: string;
  description: string;
  source: 'builtin' | 'saved';
}

/** The scenario library with what each scenario shows; Preview opens what it would do, with Apply. */
export function ScenarioLibrary() {
  const { data, isFetching, error } = useReadScenarioLibraryQuery();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const columns: TableColumnsType<LibraryRow> = [
    {
      key: 'name',
      title: T.library.name,
      dataIndex: 'name',
      width: 220,
      // The scenarios testers saved in DATA_DIR, beside the built-in ones.
      render: (_v, row) =>
        row.source === 'saved' ? (
          <>
            {row.name} <Tag>{E.source.saved}</Tag>
          </>
        ) : (
          row.name
        ),
    },
    { key: 'description', title: T.library.description, dataIndex: 'description' },
    {
      key: 'preview',
      title: T.library.preview,
      width: 110,
      render: (_v, row) => (
        <Button aria-label={T.library.previewOf(row.name)} onClick={() => setPreviewing(row.name)}>
          {T.library.preview}
        </Button>
      ),
    },
  ];
  // On a phone the name and Preview stay, the description folds into the row's expansion.
  const table = usePhoneTable<LibraryRow>({ keep: ['name', 'preview'], columns, pagination: false });
  return (
    <Card title={T.library.title} size="small" role="region" aria-label={T.library.title}>
      <ServerErrorAlert problem={error ? serverProblem(error) : null} />
      <Table<LibraryRow> rowKey="name" size="small" loading={isFetching} dataSource={data ?? []} {...table} />
      {previewing !== null && <ScenarioPreviewDialog name={previewing} onClose={() => setPreviewing(null)} />}
    </Card>
  );
}
