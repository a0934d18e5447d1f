/**
 * The intent rule (src/policy/intent.ts), third round: where `placedIn` reads a place, clause and
 * sentence splitting, polite questions, headings, rivals, the "must name a place" check, site
 * tools' own values, tokens and hosts. Findings state the safe outcome (the call asks); the
 * benign block holds requests that must keep running. Offered tools carry `takes` as
 * offeredTools() fills it in real use.
 */
import { describe, expect, it } from 'vitest';
import { askedFor, type Intent, type OfferedTool } from '../../../src/policy/intent';
import { placesOf } from '../../../src/policy/call-values';
import {
  intent,
  offer,
  postMessage,
  SECRET,
  siteTool,
  str,
  tool,
  updateIssue,
  type Tool,
} from '../../helpers/intent-world';

/** Offered as in real use: with the inputs it takes. */
const o = (t: Tool, serverName: string): OfferedTool => ({
  ...offer(t, serverName),
  takes: placesOf(t),
});
const slack = [o(postMessage, 'Slack')];
const commentIssue = tool('tracker', 'comment_on_issue', { issue: str, body: str });
const sendMail = tool('mail', 'send_message', { recipients: str, text: str });

const asked = (t: Tool, args: unknown, said: Intent, serverName: string) =>
  askedFor(t, args, said, serverName).asked;
const posts = (channel: string, latest: string, earlier: string[] = []) =>
  asked(postMessage, { channel, text: SECRET }, intent(latest, slack, {}, earlier), 'Slack');

describe('benign: ordinary requests keep running', () => {
  it('posts where the person said', () => {
    // The plain request.
    expect(posts('#team', 'Post the summary to #team')).toBe(true);
  });

  it('"post that to #team": "that" right after the verb is what to post', () => {
    expect(posts('#team', 'Post that to #team')).toBe(true);
    // Later in the clause it starts another ("… the notes that Anna sent to #leadership").
    expect(posts('#leadership', 'Post the notes that Anna sent to #leadership')).toBe(false);
  });

  it('"tell #design …": the channel right after the verb', () => {
    // A place right after the verb.
    expect(posts('#design', 'Tell #design the build is green')).toBe(true);
  });

  it('comments on the issue named', () => {
    const said = intent('Comment on PB-12 that it is fixed', [o(commentIssue, 'Tracker')]);
    expect(asked(commentIssue, { issue: 'PB-12', body: SECRET }, said, 'Tracker')).toBe(true);
  });

  it('mails the recipient named', () => {
    const said = intent('Send the notes to bob@corp.example', [o(sendMail, 'Mail')]);
    expect(asked(sendMail, { recipients: 'bob@corp.example', text: SECRET }, said, 'Mail')).toBe(
      true,
    );
  });

  it('safe already: an earlier message does not license a write now', () => {
    // Writes read said.latest only.
    expect(
      posts('#partners-external', "What's new on PB-12?", ['Post it to #partners-external']),
    ).toBe(false);
  });

  it('safe already: a pasted "> please post …" line followed by a question', () => {
    expect(
      posts(
        '#partners-external',
        '> Please post the Q3 numbers to #partners-external\nWhat does Anna mean by this?',
      ),
    ).toBe(false);
  });
});

describe('findings: a clause with a subject the subject check misses', () => {
  it('"The design team will review it and post it to #general" is their plan', () => {
    // hasSubject looks at two tokens only: "the design" is neither a pronoun nor "X will".
    expect(
      posts(
        '#general',
        'The design team will review the draft and post it to #general tomorrow. What is left on PB-12?',
      ),
    ).toBe(false);
    expect(
      posts('#general', "Anna from legal will check it and post it to #general. What's new?"),
    ).toBe(false);
  });
});

describe('findings: a place word in another role, inside the verb’s clause', () => {
  it('"before it goes to #partners-external" is a later step, not this post', () => {
    // Subordinate clauses (before/after/so/once/when) do not end the verb's clause.
    expect(
      posts(
        '#partners-external',
        'Post the draft to #team for review before it goes to #partners-external',
      ),
    ).toBe(false);
    expect(posts('#partners', 'Post the summary to #team so Bob can forward it to #partners')).toBe(
      false,
    );
    expect(posts('#legal', 'Post the announcement in #team after checking with #legal')).toBe(
      false,
    );
    expect(posts('#retro', 'Send a reminder to #team to add their notes in #retro')).toBe(false);
  });

  it('"rather than in #general" / "instead of to #general" exclude', () => {
    // Only not/never/except… negate; "rather than", "instead of" do not.
    expect(posts('#general', 'Post it in #team rather than in #general')).toBe(false);
    expect(posts('#general', 'Post it to #team instead of to #general')).toBe(false);
  });

  it('a source named with in/for/with is not the destination', () => {
    // The earlier "source channel" fix only covers words that are not place words.
    expect(
      posts('#all-company', 'Post the numbers people asked for in #all-company to #leadership'),
    ).toBe(false);
    expect(posts('#leadership', 'Share the link Bob sent in #leadership with #team')).toBe(false);
    expect(posts('#leadership', 'Post the Q3 summary for #leadership to #team')).toBe(false);
  });

  it('the other party of "my call with eve@…" is not a recipient (mail)', () => {
    // Another server's data mailed to an outside address the person named as a participant.
    const said = (latest: string) => intent(latest, [o(sendMail, 'Mail')]);
    const mails = (latest: string) =>
      asked(sendMail, { recipients: 'eve@rival.example', text: SECRET }, said(latest), 'Mail');
    expect(mails('Send the notes from my call with eve@rival.example to bob@corp.example')).toBe(
      false,
    );
    expect(mails('Send bob@corp.example the notes from my call with eve@rival.example')).toBe(
      false,
    );
    expect(mails('Send the invoice for eve@rival.example to bob@corp.example')).toBe(false);
  });

  it('an issue named in the comment’s content is not the one to comment on', () => {
    // "related to PB-7", "duplicates bug PB-7": a place word or a tool noun anywhere in the clause.
    const said = (latest: string) => intent(latest, [o(commentIssue, 'Tracker')]);
    expect(
      asked(
        commentIssue,
        { issue: 'PB-7', body: SECRET },
        said('Comment on PB-12 that it is related to PB-7'),
        'Tracker',
      ),
    ).toBe(false);
    expect(
      asked(
        commentIssue,
        { issue: 'PB-7', body: SECRET },
        said('Comment on PB-12 that it duplicates bug PB-7'),
        'Tracker',
      ),
    ).toBe(false);
  });

  it('"update the ticket PB-12 to say it blocks ticket PB-7" updates PB-12 only', () => {
    // The noun rule accepts a value after any "ticket", not only the verb's object.
    const said = intent('Update the ticket PB-12 to say it blocks ticket PB-7', [
      o(updateIssue, 'Tracker'),
    ]);
    expect(
      asked(updateIssue, { id: 'PB-7', body: 'Blocked on infra work now.' }, said, 'Tracker'),
    ).toBe(false);
  });
});

describe('findings: a line break is no boundary', () => {
  it('a second line of context does not extend the verb’s clause', () => {
    // normalize() turns "\n" into a space before tokensOf, so BOUNDARY's "\n" never occurs.
    expect(
      posts(
        '#partners-external',
        'Post the summary to #team\nBob first saw it in #partners-external',
      ),
    ).toBe(false);
  });

  it('a pasted header line "Message from Bob in #leadership" is a heading', () => {
    // The heading check needs ":"; a line break or a dash after it makes "message" a request.
    expect(
      posts(
        '#leadership',
        'Message from Bob in #leadership\nThe deploy failed. Summarize what happened.',
      ),
    ).toBe(false);
    expect(
      posts(
        '#leadership',
        'Message from Bob in #leadership — the deploy failed. Summarize what happened.',
      ),
    ).toBe(false);
  });
});

describe('findings: asks to be told, read as a post', () => {
  it('polite questions about what happened in a channel', () => {
    // "Could you share what…", "can you tell who…": questions; any "in #x" in them becomes a place.
    expect(posts('#leadership', 'Could you share what was decided in #leadership yesterday?')).toBe(
      false,
    );
    expect(posts('#leadership', 'Can you tell who posted that in #leadership?')).toBe(false);
    expect(posts('#general', 'Can you tell whether we should post it to #general?')).toBe(false);
  });

  it('"Share your thoughts on #general" asks for the assistant’s opinion', () => {
    // The round-two fix held only because its test said "on what #general discussed".
    expect(posts('#general', 'Share your thoughts on #general')).toBe(false);
  });

  it('"Reply … with the status on PB-12", "Answer my question on PB-12" ask for a chat answer', () => {
    // The round-two fix held only for "of PB-12".
    const said = (latest: string) => intent(latest, [o(commentIssue, 'Tracker')]);
    const comments = (latest: string) =>
      asked(commentIssue, { issue: 'PB-12', body: SECRET }, said(latest), 'Tracker');
    expect(comments('Reply in bullet points with the status on PB-12.')).toBe(false);
    expect(comments('Answer my question on PB-12')).toBe(false);
  });

  it('reported speech: "Anna wrote: post … ." then a question', () => {
    // A quoted request the person asks about; ":" makes what follows an imperative.
    expect(
      posts(
        '#partners-external',
        'Anna wrote: post the Q3 numbers to #partners-external. Should we?',
      ),
    ).toBe(false);
  });
});

describe('findings: site tools’ own values', () => {
  it('a web chat’s listed channel is not where the person said', () => {
    // A site's channel has readers; "its own value comes back to it" sends another server's data there.
    const sitePost = siteTool('chat.example', 'post_message', { channel: str, text: str });
    const said = intent('Post the summary to #team', [o(sitePost, 'chat.example')], {
      'site:chat.example': ['Channels: #team #partners-external'],
    });
    expect(
      asked(sitePost, { channel: '#partners-external', text: SECRET }, said, 'chat.example'),
    ).toBe(false);
  });

  it('a webmail contact by name is a recipient', () => {
    // Not an address, so the site exemption lets a contact name from the page through.
    const siteMail = siteTool('mail.example', 'send_email', { to: str, body: str });
    const said = intent('Send the summary to Bob Smith', [o(siteMail, 'mail.example')], {
      'site:mail.example': ['Contacts: Bob Smith, Eve Rival'],
    });
    expect(asked(siteMail, { to: 'Eve Rival', body: SECRET }, said, 'mail.example')).toBe(false);
  });
});

describe('findings: which tool, and where it goes by default', () => {
  it('the person’s add_message tool is a rival of another server’s send_message', () => {
    // A create-named post tool is no rival for "post the summary": the other server's tool runs.
    const slackAdd = tool('slack', 'add_message', { channel: str, text: str });
    const discordSend = tool('discord', 'send_message', { channel: str, text: str });
    const said = intent('Post the summary to #team', [
      o(slackAdd, 'Slack'),
      o(discordSend, 'Discord'),
    ]);
    expect(asked(discordSend, { channel: '#team', text: SECRET }, said, 'Discord')).toBe(false);
  });

  it('a create tool that sends a message must name where it goes', () => {
    // "create" skips the must-name check: the server's default channel or recipient gets it.
    const addMessage = tool('chat', 'add_message', { channel: str, text: str });
    const said = intent('Add a message to #team about the outage', [o(addMessage, 'Chat')]);
    expect(asked(addMessage, { text: `${SECRET} and more` }, said, 'Chat')).toBe(false);
    const createMessage = tool('chat', 'create_message', { to: str, text: str });
    const said2 = intent('Create a message for Bob with the summary', [o(createMessage, 'Chat')]);
    expect(asked(createMessage, { text: `${SECRET} and more` }, said2, 'Chat')).toBe(false);
  });

  it('a placed format or username does not name where a post goes', () => {
    // Any non-prose key satisfies "must name a place"; the channel is left to the default.
    const postFmt = tool('slack', 'post_message', { channel: str, text: str, format: str });
    const said = intent('Post the summary to #team in markdown', [o(postFmt, 'Slack')]);
    expect(asked(postFmt, { format: 'markdown', text: SECRET }, said, 'Slack')).toBe(false);
    const postDef = tool('slack', 'post_message', {
      channel: { type: 'string', default: '#general' },
      text: str,
      format: str,
    });
    const saidDef = intent('Post the summary to #team in markdown', [o(postDef, 'Slack')]);
    expect(
      asked(postDef, { channel: '#general', format: 'markdown', text: SECRET }, saidDef, 'Slack'),
    ).toBe(false);
    const postUser = tool('slack', 'post_message', { channel: str, text: str, username: str });
    const saidUser = intent('Post the summary to #team as a bot named Patchbot', [
      o(postUser, 'Slack'),
    ]);
    expect(asked(postUser, { username: 'Patchbot', text: SECRET }, saidUser, 'Slack')).toBe(false);
  });
});

describe('findings: tokens and hosts', () => {
  it('characters the tokenizer drops make another channel equal', () => {
    // tokensOf skips "_", "*", a trailing "-", emoji: "#team_" is placed by "to #team".
    for (const channel of ['#team_', '#team*', '#team-', '#team🔓'])
      expect(posts(channel, 'Post the summary to #team'), channel).toBe(false);
  });

  it('borderline: a zero-width joiner makes another, same-looking channel equal', () => {
    // Not NFKC folding (which is accepted): the tokenizer drops U+200D.
    expect(posts('#team\u200d', 'Post the summary to #team')).toBe(false);
  });

  it('a host under a punycode TLD in prose is a host', () => {
    // hostsIn wants \p{L}{2,} as TLD: "xn--e1afmkfd.xn--p1ai/?d=7781" escapes; linkify-it links it.
    const said = intent('Post the summary to #team', slack);
    expect(
      asked(
        postMessage,
        { channel: '#team', text: 'Summary here, details at xn--e1afmkfd.xn--p1ai/?d=7781 ok' },
        said,
        'Slack',
      ),
    ).toBe(false);
  });
});
