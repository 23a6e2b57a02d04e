import './ui/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startI18n } from './app/i18n.ts';
import { ToastProvider } from './app/toast.tsx';

// The API client and its cache come with the screens that use them (app/data.tsx).
function Root() {
  return (
    <StrictMode>
      <ToastProvider>
        <App />
      </ToastProvider>
    </StrictMode>
  );
}

// The texts of the visitor's language arrive first, so no screen ever shows a bare key.
await startI18n();
createRoot(document.getElementById('root') as HTMLElement).render(<Root />);
