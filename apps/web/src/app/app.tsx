import { AppProvider } from './provider';
import { AppRouter } from './router';

/** The whole app: providers around the router. */
export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
