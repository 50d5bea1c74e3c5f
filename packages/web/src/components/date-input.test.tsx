import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '@/i18n/i18n';
import { dateInputOf, enterDate } from '@/testing/date-input';
import { DateInput } from './date-input';

function Field({ language, initial }: { language: 'en' | 'fr' | 'ro' | 'zh'; initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nextProvider i18n={createAppI18n(language)}>
      <DateInput label="From" value={value} onChange={setValue} data-testid="from" />
      <output data-testid="value">{value}</output>
    </I18nextProvider>
  );
}

const shown = () => dateInputOf(screen.getByTestId('from')).value;
const reported = () => screen.getByTestId('value').textContent;

describe('date input', () => {
  it.each([
    ['en', '11/02/2026'],
    ['fr', '02/11/2026'],
    ['ro', '02.11.2026'],
    ['zh', '2026/11/02'],
  ] as const)('writes the date in the app language (%s), not the browser’s', (language, text) => {
    render(<Field language={language} initial="2026-11-02" />);
    expect(shown()).toBe(text);
  });

  it('reports what is typed in the language’s order as a YYYY-MM-DD date', async () => {
    render(<Field language="fr" initial="2026-11-02" />);
    enterDate(screen.getByTestId('from'), '2026-12-05', 'fr');
    expect(shown()).toBe('05/12/2026');
    await waitFor(() => expect(reported()).toBe('2026-12-05'));
  });

  it('reports a cleared field as empty', async () => {
    render(<Field language="en" initial="2026-11-02" />);
    enterDate(screen.getByTestId('from'), '');
    expect(shown()).toBe('');
    await waitFor(() => expect(reported()).toBe(''));
  });
});
