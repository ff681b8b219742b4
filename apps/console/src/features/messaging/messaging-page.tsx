import { Tabs } from 'antd';
import { useState } from 'react';
import { type Message } from '@equipment-dashboard/contract';
import { useDeleteMessageMutation } from '@equipment-dashboard/api-client';
import {
  can,
  MESSAGE_TABS,
  messageTabsFor,
  PERMISSIONS,
  type MessageAction,
  type MessageTabKey,
} from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { CreateButton, ScreenCard } from '../../shared/back-office/screen-card';
import { useTabSearch } from '../../shared/back-office/use-tab-search';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { MessageList, type MessageRowAction } from './message-list';
import { MessageViewDialog } from './message-view-dialog';
import { MessageWizard, type WizardMode } from './message-wizard';
import { MESSAGING_TEXTS as T } from './texts';

type Dialog = { kind: 'wizard'; mode: WizardMode } | { kind: 'view' | 'delete'; message: Message };

const SAVED_TEXT: Record<MessageAction, (id: number) => string> = {
  save: T.saved,
  submit: T.submitted,
  approve: T.approved,
  delete: T.deleted,
};

/**
 * Messaging (back-office §2.7): the tabs of libs/domain MESSAGE_TABS with their list filters (the
 * open tab and its page in the URL), Other Drafts only for the roles that may read others' drafts; Create
 * New Message only on My Drafts; row actions per tab; the editor, approve and read-only dialogs.
 * Every list reloads after a save (the message tags), so My Drafts shows what was saved.
 *
 * Decisions (back-office §6 "not shown"): authoring (create, edit, delete own drafts) is for roles with
 * messagesAuthor (all but guest); Edit and Approve shows to approvers (messagesApprove) and to the
 * message's own issuer, whose dialog then offers Save only (the server refuses the approval of others).
 */
export function MessagingPage() {
  const me = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const tabs = messageTabsFor(me?.role);
  const [tabKey, setTabKey] = useTabSearch<MessageTabKey>(
    tabs.map((t) => t.key),
    'myDrafts',
  );
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleteMessage] = useDeleteMessageMutation();
  const tab = tabs.find((t) => t.key === tabKey) ?? MESSAGE_TABS[0];

  if (!me) return null;
  const mayAuthor = can(me.role, PERMISSIONS.messagesAuthor);
  const mayApprove = can(me.role, PERMISSIONS.messagesApprove);

  const allowed = (action: MessageRowAction, message: Message) => {
    if (action === 'view') return true;
    if (action === 'approve') return mayApprove || (mayAuthor && message.issuerUsername === me.username);
    return mayAuthor;
  };

  const onAction = (action: MessageRowAction, message: Message) => {
    if (action === 'view' || action === 'delete') setDialog({ kind: action, message });
    else setDialog({ kind: 'wizard', mode: { kind: action === 'edit' ? 'edit' : 'approve', message } });
  };

  const finished = (text: string) => {
    setDialog(null);
    dispatch(snackbarShown(text));
  };

  return (
    <>
      {/* The screen's action sits in the card's header: inside the tab bar it would be a button in a tablist. */}
      <ScreenCard
        title={T.title}
        extra={
          tabKey === 'myDrafts' && mayAuthor ? (
            <CreateButton
              label={T.createNewMessage}
              onClick={() => setDialog({ kind: 'wizard', mode: { kind: 'new' } })}
            />
          ) : null
        }
      >
        <Tabs
          activeKey={tabKey}
          onChange={(key) => setTabKey(key as MessageTabKey)}
          items={tabs.map((t) => ({ key: t.key, label: t.label }))}
        />
        <MessageList key={tab.key} tab={tab} username={me.username} allowed={allowed} onAction={onAction} />
      </ScreenCard>
      {dialog?.kind === 'wizard' && (
        <MessageWizard
          mode={dialog.mode}
          me={me}
          onClose={() => setDialog(null)}
          onSaved={(message, action) => finished(SAVED_TEXT[action](message.id))}
        />
      )}
      {dialog?.kind === 'view' && (
        <MessageViewDialog message={dialog.message} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={T.deleteTitle}
          text={T.deleteConfirm(dialog.message.id, dialog.message.header)}
          danger
          onConfirm={() => deleteMessage({ id: dialog.message.id }).unwrap()}
          onDone={() => finished(T.deleted(dialog.message.id))}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
