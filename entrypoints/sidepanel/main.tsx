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
import './styles/base.css';
import './styles/servers.css';
import './styles/controls.css';
import './styles/layout.css';
import './styles/settings.css';
import './styles/messages.css';
import './styles/tool-cards.css';
import './styles/chat-states.css';
import './styles/conversation-list.css';
import './styles/server-forms.css';
import './styles/tool-results.css';
import './styles/composer.css';
import './styles/asks.css';
import './styles/resource-dialog.css';
import './styles/server-details.css';
import './styles/asks-bar.css';
import './styles/apps.css';
import './styles/page-tools.css';
import './styles/browser-access.css';
import './styles/chat-panel-header.css';
import './styles/approval-target.css';
import './styles/chat-history.css';
import './styles/permission-note.css';
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
