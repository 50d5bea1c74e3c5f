import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createAppI18n } from '@/i18n/i18n';
import { ConfirmationDialog, confirmationNote } from './confirmation-dialog';

function renderDialog(props: Partial<Parameters<typeof ConfirmationDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <I18nextProvider i18n={createAppI18n('en')}>
      <ConfirmationDialog open onConfirm={onConfirm} onCancel={onCancel} {...props} />
    </I18nextProvider>,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog') };
}

describe('confirmation dialog', () => {
  it('has the specification’s defaults and a 400 px maximum width', () => {
    const { dialog } = renderDialog();
    expect(within(dialog).getByRole('heading').textContent).toBe('Confirmation');
    expect(dialog.textContent).toContain('Are you sure?');
    expect(within(dialog).getByRole('button', { name: 'Ok' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(getComputedStyle(dialog).maxWidth).toBe('400px');
  });

  it('cancels without confirming', () => {
    const { dialog, onCancel, onConfirm } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('gives the trimmed note, with the General Note placeholder', () => {
    const { dialog, onConfirm } = renderDialog({ withNote: true });
    const note = within(dialog).getByPlaceholderText('General Note');
    fireEvent.change(note, { target: { value: '  leak fixed  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(onConfirm).toHaveBeenCalledWith('leak fixed');
  });

  it('gives undefined for an empty or blank note', () => {
    const { dialog, onConfirm } = renderDialog({ withNote: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(onConfirm).toHaveBeenCalledWith(undefined);
    expect(confirmationNote('   ')).toBeUndefined();
  });

  it('takes a custom title and text', () => {
    const { dialog } = renderDialog({ title: 'Delete role', text: 'Really?' });
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete role');
    expect(dialog.textContent).toContain('Really?');
  });
});
