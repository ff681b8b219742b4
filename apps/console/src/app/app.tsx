import { BrowserRouter } from 'react-router';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { makeStore } from './store';

const store = makeStore();

/** The console: one store for the page's life, history-mode routes. */
export function App() {
  return (
    <Providers store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
