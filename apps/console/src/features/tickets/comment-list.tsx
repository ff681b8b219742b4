import { Empty, Typography } from 'antd';
import type { Comment } from '@equipment-dashboard/contract';
import { formatDateTime } from '../../shared/equipment/format';
import { TICKETS_TEXTS as T } from './texts';

/** A ticket's comments: author, local time (YYYY-MM-DD HH:mm:ss) and text; NO COMMENTS when none. */
export function CommentList({ comments, maxHeight }: { comments: readonly Comment[]; maxHeight?: number }) {
  if (comments.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noComments} />;
  return (
    <ul
      aria-label={T.comments}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        ...(maxHeight ? { maxHeight, overflowY: 'auto' } : {}),
      }}
    >
      {comments.map((comment) => (
        <li key={comment.id} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
          <Typography.Text strong>{comment.authorUsername}</Typography.Text>{' '}
          <Typography.Text type="secondary">{formatDateTime(comment.createdAt)}</Typography.Text>
          <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
            {comment.text}
          </Typography.Paragraph>
        </li>
      ))}
    </ul>
  );
}
