import { useState } from 'react';
import { api, type FieldErrors } from '../../api/client';
import { TextAreaField } from '../../kit/fields';
import { ActionDialog, firstError } from './action-dialog';

export interface CommentDialogProps {
  contractId: number;
  /** Where the comment goes and under which wrapper (`contract`, `contract_termination_request`, ...). */
  path: string;
  wrapper: string;
  title: string;
  submitLabel: string;
  done: string;
  /** Rejections need a comment; a cancellation may go without (spec 2, 5 "Comment dialog"). */
  required: boolean;
}

/** The comment dialog (spec 2, 5): `state_comment`, required for rejections, sent with the transition. */
export function CommentDialog({ contractId, path, wrapper, title, submitLabel, done, required }: CommentDialogProps) {
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  return (
    <ActionDialog
      contractId={contractId}
      title={title}
      submitLabel={submitLabel}
      done={done}
      danger
      errors={errors}
      setErrors={setErrors}
      check={(): FieldErrors => (required && comment.trim() === '' ? { state_comment: ['blank'] } : {})}
      send={() => api.post(path, { [wrapper]: { state_comment: comment.trim() } })}
    >
      <TextAreaField
        label="contracts.fields.state_comment"
        value={comment}
        onChange={(v) => {
          setComment(v);
          setErrors(undefined);
        }}
        required={required}
        error={firstError(errors, 'state_comment')}
        autoFocus
      />
    </ActionDialog>
  );
}
