import nodemailer from 'nodemailer';

export interface MailTransport {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/**
 * E-mail over SMTP. `SMTP_URL` carries everything the server needs, e.g.
 * `smtps://user:pass@smtp.example.com:465` or `smtp://relay.internal:25`. The timeouts keep a
 * dead mail server from holding a registration for minutes.
 */
export function createMailTransport(url: string, from: string): MailTransport {
  // Settings in the URL's query (?pool=true, ?connectionTimeout=…) win over these.
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    async send({ to, subject, text }) {
      await transporter.sendMail({ from, to, subject, text });
    },
    close: () => transporter.close(),
  };
}
