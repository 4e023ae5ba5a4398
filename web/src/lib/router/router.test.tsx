import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from '.';

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${search}${hash} ${useNavigationType()}`}</p>;
}

function Params() {
  return <p data-testid="params">{JSON.stringify(useParams())}</p>;
}

function Layout() {
  return (
    <div data-testid="layout">
      <Outlet />
    </div>
  );
}

/** A section with its own routes below '/admin/*', as the back office has. */
function Admin() {
  return (
    <Routes>
      <Route index element={<p>dashboard</p>} />
      <Route path="orders/:id" element={<Params />} />
      <Route path="*" element={<p>no such screen</p>} />
    </Routes>
  );
}

function App() {
  return (
    <Routes>
      <Route path="/admin/*" element={<Admin />} />
      <Route element={<Layout />}>
        <Route path="/" element={<p>home</p>} />
        <Route path="/checkout/:ticketType" element={<Params />} />
        <Route path="*" element={<p>not found</p>} />
      </Route>
    </Routes>
  );
}

const at = (url: string) =>
  render(
    <StaticRouter location={url}>
      <App />
    </StaticRouter>,
  );

describe('routes', () => {
  it('match paths with parameters inside a layout, decoded', () => {
    at('/checkout/team%20pass');
    expect(screen.getByTestId('layout')).toContainElement(screen.getByTestId('params'));
    expect(screen.getByTestId('params')).toHaveTextContent('{"ticketType":"team pass"}');
  });

  it('match with or without a trailing slash, and fall through to the catch-all', () => {
    at('/checkout/vip/');
    expect(screen.getByTestId('params')).toHaveTextContent('{"ticketType":"vip"}');
    at('/checkout/vip/extra');
    expect(screen.getByText('not found')).toBeInTheDocument();
  });

  it("let a section under 'x/*' route the rest of the path itself", () => {
    at('/admin');
    expect(screen.getByText('dashboard')).toBeInTheDocument();
    at('/admin/orders/ord_7');
    expect(screen.getByTestId('params')).toHaveTextContent('{"*":"orders/ord_7","id":"ord_7"}');
    at('/admin/nothing');
    expect(screen.getByText('no such screen')).toBeInTheDocument();
    at('/administrator');
    expect(screen.getByText('not found')).toBeInTheDocument();
  });
});

describe('links and navigation', () => {
  function Nav() {
    const navigate = useNavigate();
    const [params, setParams] = useSearchParams();
    return (
      <>
        <Link to="/checkout/vip">Buy</Link>
        <Link to="/#tickets">Tickets</Link>
        <NavLink to="/checkout" className={({ isActive }) => (isActive ? 'active' : 'idle')}>
          Checkout
        </NavLink>
        <NavLink to="/" end>
          Home
        </NavLink>
        <button type="button" onClick={() => navigate('/', { replace: true })}>
          Home instead
        </button>
        <button type="button" onClick={() => setParams({ page: '2' })}>
          Page 2 of {params.get('q') ?? 'all'}
        </button>
        <Where />
      </>
    );
  }

  const renderAt = (url: string) => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={[url]}>
        <Nav />
      </MemoryRouter>,
    );
    return user;
  };

  it('move within the app on a plain click, and leave modified clicks to the browser', async () => {
    const user = renderAt('/');
    expect(screen.getByTestId('where')).toHaveTextContent('/ POP');

    const modified = fireEvent.click(screen.getByRole('link', { name: 'Buy' }), { ctrlKey: true });
    expect(modified).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent('/ POP');

    await user.click(screen.getByRole('link', { name: 'Buy' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout/vip PUSH');
    expect(screen.getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/checkout/vip');

    await user.click(screen.getByRole('link', { name: 'Tickets' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/#tickets PUSH');
  });

  it('say which link leads to the current page', async () => {
    const user = renderAt('/checkout/vip');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('button', { name: 'Home instead' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/ REPLACE');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveClass('idle');
  });

  it('read and replace the query', async () => {
    const user = renderAt('/admin/orders?q=acme');
    expect(screen.getByRole('button', { name: 'Page 2 of acme' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2 of acme' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/orders?page=2 PUSH');
  });

  it('follow the browser’s history: a pushed page, then Back', async () => {
    window.history.replaceState(null, '', '/');
    const user = userEvent.setup();
    render(
      <BrowserRouter>
        <Nav />
      </BrowserRouter>,
    );

    await user.click(screen.getByRole('link', { name: 'Buy' }));
    expect(window.location.pathname).toBe('/checkout/vip');
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout/vip PUSH');

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/ POP');
  });
});
