import { Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { SAVED_VIEW_NAME_MAX, type SavedView, type SavedViewScreen } from '@equipment-dashboard/contract';
import { useCreateSavedViewMutation } from '@equipment-dashboard/api-client';
import { ActionDialog } from '../back-office/action-dialog';
import { useServerCall } from '../back-office/use-server-call';
import { SAVED_VIEWS_TEXTS as T } from './texts';

export interface SaveViewDialogProps {
  screen: SavedViewScreen;
  /** The filters and sort to save (see viewQuery). */
  query: Record<string, string>;
  onSaved: (view: SavedView) => void;
  onCancel: () => void;
}

/** Save view: a name and "Share with everyone"; Save stores the screen's filters and sort under it. */
export function SaveViewDialog({ screen, query, onSaved, onCancel }: SaveViewDialogProps) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [create] = useCreateSavedViewMutation();
  const call = useServerCall();
  const save = async () => {
    let saved: SavedView | undefined;
    const ok = await call.run(async () => {
      saved = await create({ screen, name: name.trim(), shared, query }).unwrap();
    });
    if (ok && saved) onSaved(saved);
  };

  return (
    <ActionDialog
      title={T.saveTitle}
      okText={T.save}
      cancelText={T.cancel}
      ready={name.trim() !== ''}
      call={call}
      onOk={save}
      onCancel={onCancel}
    >
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item label={T.name} htmlFor="saved-view-name">
          <Input
            id="saved-view-name"
            value={name}
            maxLength={SAVED_VIEW_NAME_MAX}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            onPressEnter={() => name.trim() !== '' && void save()}
          />
        </Form.Item>
        <Form.Item label={T.shareWithEveryone} htmlFor="saved-view-shared">
          <Switch id="saved-view-shared" checked={shared} onChange={setShared} />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
