// The few parts of a client-side router this app uses, with React Router's names and
// behaviour: the library itself cost the landing page 13 KB of its 90 KB budget.
// Routes match in order, the first match wins (so '*' goes last), and a <Routes> inside a
// matched '/x/*' route matches the rest of the path against its own relative paths.

export { Link, NavLink } from './links';
export {
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  type Location,
  type NavigationType,
} from './location';
export { BrowserRouter, MemoryRouter, StaticRouter } from './routers';
export { Outlet, Route, Routes } from './routes';
