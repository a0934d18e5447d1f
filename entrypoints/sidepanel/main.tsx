import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPatchbayClient } from '../../src/messaging/client';
import { createBrowserPermissions } from '../../src/permissions/browser-permissions';
import { createChromeStore, createRuntimeTransport } from '../../src/platform/chrome';
import { watchChromeActiveTab } from '../../src/platform/chrome-active-tab';
import { createChromePermissions } from '../../src/platform/chrome-permissions';
import { createChromeComposerInbox } from '../../src/platform/chrome-panel-entry';
import { composerRequestKey } from '../../src/panel-entry/composer-request';
import { App } from './App';
import './style.css';
import './chat-header.css';
import './chat-start.css';
import './chat-layout.css';

const client = createPatchbayClient(createRuntimeTransport());
const store = createChromeStore();
const permissions = createBrowserPermissions(createChromePermissions());
const inbox = createChromeComposerInbox(composerRequestKey);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App
      client={client}
      store={store}
      permissions={permissions}
      inbox={inbox}
      watchActiveTab={watchChromeActiveTab}
    />
  </StrictMode>,
);
