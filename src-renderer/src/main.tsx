/** The renderer's entry: picks the transport (Electron IPC or the HTTP bridge) and mounts the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connect } from './transport/bridge';
import { logUncaughtErrors } from './transport/error-log';
import { App } from './App';
import './styles/app.css';
import './styles/print.css';

connect();
logUncaughtErrors();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
