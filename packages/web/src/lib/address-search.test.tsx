// A change to the address is rendered before the next click: three picks in a row, each reading the
// query it renders, keep all three. The clicks come without act() and with only microtasks between
// them, as a busy browser can deliver them before a scheduled render has run.

import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { useAddressSearch } from './address-search';

function Picker() {
  const [search, setSearch] = useAddressSearch();
  const pick = (value: string) => {
    const next = new URLSearchParams(search);
    next.append('pick', value);
    setSearch(next, { replace: true });
  };
  return (
    <>
      <output>{search.getAll('pick').join()}</output>
      {['a', 'b', 'c'].map((value) => (
        <button key={value} type="button" onClick={() => pick(value)}>
          {value}
        </button>
      ))}
    </>
  );
}

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previousActEnvironment: boolean | undefined;
beforeEach(() => {
  previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
  document.body.innerHTML = '';
});

/** Lets the router's promise callbacks run, but no task the React scheduler queued. */
async function microtasks() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

it('renders each change before the next click reads the address', async () => {
  const router = createMemoryRouter([{ path: '/list', Component: Picker }], {
    initialEntries: ['/list'],
  });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(<RouterProvider router={router} />);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const button = (name: string) =>
    [...container.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLElement;

  for (const name of ['a', 'b', 'c']) {
    button(name).click();
    await microtasks();
  }

  expect(router.state.location.search).toBe('?pick=a&pick=b&pick=c');
  expect(container.querySelector('output')?.textContent).toBe('a,b,c');
  root.unmount();
});
