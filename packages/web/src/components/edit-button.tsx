// The small "Edit" button of a settings row or card: a pencil, the short word, and an accessible
// name that says what it edits, since a page shows several of them.

import EditRounded from '@mui/icons-material/EditRounded';
import Button from '@mui/material/Button';

export type EditButtonProps = {
  /** The word on the button. */
  label: string;
  /** Its accessible name, naming the row or card it edits. */
  name: string;
  onClick: () => void;
  testId: string;
};

export function EditButton({ label, name, onClick, testId }: EditButtonProps) {
  return (
    <Button
      size="small"
      startIcon={<EditRounded />}
      onClick={onClick}
      aria-label={name}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
