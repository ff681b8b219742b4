import { CopyOutlined, DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { SavedView, SavedViewScreen } from '@equipment-dashboard/contract';
import { useDeleteSavedViewMutation, useReadSavedViewsQuery } from '@equipment-dashboard/api-client';
import { can, mayDeleteView, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ConfirmDialog } from '../back-office/confirm-dialog';
import { selectUser } from '../session/session-slice';
import { snackbarShown } from '../ui/ui-slice';
import { SaveViewDialog } from './save-view-dialog';
import { SAVED_VIEWS_TEXTS as T } from './texts';
import { applyView, linkedViewId, viewLink, viewQuery, withoutViewLink } from './view-url';

export interface SavedViewsProps {
  /** The list the views belong to. */
  screen: SavedViewScreen;
  /** The list call's query as the screen sends it now: Save view stores its filters and sort. */
  current: Record<string, unknown>;
}

/**
 * Saved views of a list: a picker of the user's own and the shared views (applying one sets the
 * screen's filters and sort in the URL, on page 1), Save view, Copy link (`?view=<id>`, which applies the view
 * when the screen opens) and Delete view (its owner or an admin). Guest applies views but saves none.
 */
export function SavedViews({ screen, current }: SavedViewsProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const { data: views = [], isSuccess } = useReadSavedViewsQuery({ screen });
  const [deleteView] = useDeleteSavedViewMutation();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'save' | 'delete' | null>(null);
  const selected = views.find((view) => view.id === selectedId) ?? null;
  const mayDelete = selected !== null && user !== null && mayDeleteView(user, selected);

  const apply = (view: SavedView, replace = false) => {
    setSelectedId(view.id);
    setSearch((now) => applyView(now, view), { replace });
  };

  // A deep link (?view=<id>) applies its view once the screen's views are known. Runs again on any change of the
  // URL while the link is in it: another change in the same moment (the list going back to its last page) may have
  // replaced this one. Applied, the link leaves the URL.
  const linked = linkedViewId(search);
  useEffect(() => {
    if (linked === null || !isSuccess) return;
    const view = views.find((v) => v.id === linked);
    if (view) setSelectedId(view.id);
    setSearch((now) => (view ? applyView(now, view) : withoutViewLink(now)), { replace: true });
    dispatch(snackbarShown(view ? T.applied(view.name) : T.notFound));
  }, [linked, isSuccess, views, search, setSearch, dispatch]);

  const options = useMemo(
    () =>
      views.map((view) => ({
        value: view.id,
        label: (
          <Space size={4}>
            <span>{view.name}</span>
            {view.shared && <Tag>{T.sharedTag}</Tag>}
            {view.owner !== user?.username && <span style={{ opacity: 0.65 }}>{T.by(view.owner)}</span>}
          </Space>
        ),
        name: view.name,
        title: view.name,
      })),
    [views, user?.username],
  );

  const copyLink = async () => {
    if (!selected) return;
    const link = viewLink(window.location.origin, pathname, search, selected);
    try {
      await navigator.clipboard.writeText(link);
      dispatch(snackbarShown(T.linkCopied));
    } catch {
      // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
      dispatch(snackbarShown(T.linkNotCopied(link)));
    }
  };

  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Select
        aria-label={T.picker}
        placeholder={T.pickerPlaceholder}
        style={{ minWidth: 220 }}
        value={selected?.id}
        options={options}
        optionFilterProp="name"
        showSearch
        onChange={(id: number) => {
          const view = views.find((v) => v.id === id);
          if (view) apply(view);
        }}
      />
      {can(user?.role, PERMISSIONS.saveViews) && (
        <Button icon={<SaveOutlined />} onClick={() => setDialog('save')}>
          {T.saveView}
        </Button>
      )}
      <Tooltip title={T.copyLink}>
        <Button
          aria-label={T.copyLink}
          icon={<CopyOutlined />}
          disabled={!selected}
          onClick={() => void copyLink()}
        />
      </Tooltip>
      {mayDelete && (
        <Tooltip title={T.deleteView}>
          <Button
            aria-label={T.deleteView}
            icon={<DeleteOutlined />}
            danger
            onClick={() => setDialog('delete')}
          />
        </Tooltip>
      )}
      {dialog === 'save' && (
        <SaveViewDialog
          screen={screen}
          query={viewQuery(screen, current)}
          onCancel={() => setDialog(null)}
          onSaved={(view) => {
            setDialog(null);
            setSelectedId(view.id);
            dispatch(snackbarShown(T.saved(view.name)));
          }}
        />
      )}
      {dialog === 'delete' && selected && (
        <ConfirmDialog
          title={T.deleteTitle}
          text={T.deleteText(selected.name)}
          danger
          onConfirm={() => deleteView({ id: selected.id }).unwrap()}
          onCancel={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            setSelectedId(null);
            dispatch(snackbarShown(T.deleted(selected.name)));
          }}
        />
      )}
    </Space>
  );
}
