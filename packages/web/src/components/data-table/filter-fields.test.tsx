// The list kit's filter fields: the search box hands its text on and carries its test id on the
// input; the select lists "all" first, then the options, then an entry for a chosen value the
// options lack, and hands back the chosen option's value (null for "all").
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FilterSelect, ListSearchField } from './filter-fields';

const companies = [
  { id: 1, label: 'Acme' },
  { id: 2, label: 'Globex' },
];

function openSelect(testId: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  return screen.getByRole('listbox');
}

describe('ListSearchField', () => {
  it('hands on the typed text and puts its test id on the input', () => {
    const onChange = vi.fn();
    render(
      <ListSearchField
        label="Search"
        search={{ text: '', setText: onChange }}
        testId="list-search"
      />,
    );
    const input = screen.getByTestId('list-search');
    expect(input).toBe(screen.getByRole('searchbox', { name: 'Search' }));
    fireEvent.change(input, { target: { value: 'aa:01' } });
    expect(onChange).toHaveBeenCalledWith('aa:01');
  });

  it('keeps the label above the box when a placeholder is shown', () => {
    render(
      <ListSearchField
        label="Search"
        placeholder="MAC or unit"
        search={{ text: '', setText: vi.fn() }}
      />,
    );
    expect(screen.getByRole('searchbox').getAttribute('placeholder')).toBe('MAC or unit');
    expect(document.querySelector('label')?.getAttribute('data-shrink')).toBe('true');
  });
});

describe('FilterSelect', () => {
  it('puts its test id on the field and lists "all" first, then the options', () => {
    render(
      <FilterSelect
        label="Company"
        value={null}
        options={companies}
        onChange={vi.fn()}
        allLabel="All companies"
        testId="filter-company"
      />,
    );
    expect(screen.getByTestId('filter-company').classList.contains('MuiTextField-root')).toBe(true);
    expect(screen.getByTestId('filter-company').textContent).toContain('All companies');
    const options = within(openSelect('filter-company')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All companies',
      'Acme',
      'Globex',
    ]);
  });

  it('hands back the chosen option, and null for "all"', () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        label="Company"
        value={1}
        options={companies}
        onChange={onChange}
        allLabel="All companies"
        testId="filter-company"
      />,
    );
    fireEvent.click(within(openSelect('filter-company')).getByRole('option', { name: 'Globex' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(
      within(openSelect('filter-company')).getByRole('option', { name: 'All companies' }),
    );
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('names a chosen value the options lack after them', () => {
    render(
      <FilterSelect
        label="Company"
        value={7}
        options={companies}
        onChange={vi.fn()}
        allLabel="All companies"
        unknownLabel={(id) => `#${id}`}
        testId="filter-company"
      />,
    );
    expect(screen.getByTestId('filter-company').textContent).toContain('#7');
    const options = within(openSelect('filter-company')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All companies',
      'Acme',
      'Globex',
      '#7',
    ]);
  });

  it('hands back text values as they are', () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        label="Kind"
        value={null}
        options={[
          { id: 'uplink', label: 'Uplink' },
          { id: 'status', label: 'Status' },
        ]}
        onChange={onChange}
        allLabel="All"
        size="small"
        testId="filter-kind"
      />,
    );
    expect(
      screen.getByTestId('filter-kind').querySelector('.MuiInputBase-sizeSmall'),
    ).not.toBeNull();
    fireEvent.click(within(openSelect('filter-kind')).getByRole('option', { name: 'Status' }));
    expect(onChange).toHaveBeenCalledWith('status');
  });
});
