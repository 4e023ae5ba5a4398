import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { embeddedCatalogue, primeCatalogue } from '@/app/catalogue';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { BrowserRouter } from '@/lib/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  </StrictMode>
);

// A prerendered page is brought to life where it stands, from the data it was made with;
// the app shell (pages that depend on the visitor) is rendered here.
const catalogue = embeddedCatalogue();
if (catalogue && root.firstElementChild) {
  primeCatalogue(catalogue);
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
