/**
 * The HTML part of a brand's e-mail (./branded.server.ts), drawn with React Email's components
 * (kept, tested table markup for the mail clients that matter: Outlook's Word engine, Gmail's
 * style stripping) and rendered to static markup with react-dom/server. Everything is inline
 * style; nothing depends on a <style> block or on web fonts.
 *
 * Colours: the top rule and buttons use the brand's primary colour, the button's text whichever
 * of white or near-black reads on it at 4.5:1; the retailer's name (when there is no raster logo)
 * and links use the primary colour darkened until it reads on white.
 */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { renderToStaticMarkup } from 'react-dom/server';
import { readableOnWhite, textOn } from '~/lib/theme/color';
import type { BrandedMailInput, MailBlock } from './branded.server';
import { mailLogo } from './branded-logo';

const FONT = 'Arial, Helvetica, sans-serif';
const INK = '#1a1a1a';
const MUTED = '#4a4a4a';

/** The doctype React Email's own renderer writes (what its components are tested under). */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** Colours a brand's mail is drawn in, from its theme. */
export function mailColours(theme: { primary: string }) {
  return {
    accent: theme.primary,
    onAccent: textOn(theme.primary),
    link: readableOnWhite(theme.primary),
  };
}

export function brandedHtml(input: BrandedMailInput): string {
  return `${DOCTYPE}${renderToStaticMarkup(<BrandedMessage {...input} />)}\n`;
}

function BrandedMessage({ tenant, subject, preheader, heading, blocks, footer }: BrandedMailInput) {
  const colours = mailColours(tenant.theme);
  const logo = mailLogo(tenant);
  const host = new URL(tenant.origin).host;
  const link = { color: MUTED, textDecoration: 'underline' };
  return (
    <Html lang="en">
      <Head>
        <title>{subject}</title>
      </Head>
      <Body style={{ margin: 0, padding: '16px 0', background: '#f4f4f4', fontFamily: FONT }}>
        {preheader ? <Preview>{preheader}</Preview> : null}
        <Container
          style={{
            maxWidth: '600px',
            background: '#ffffff',
            borderTop: `6px solid ${colours.accent}`,
            color: INK,
          }}
        >
          <Section style={{ padding: '20px 24px 8px' }}>
            {logo ? (
              <Img
                src={logo.src}
                alt={logo.alt}
                width={logo.width}
                height={logo.height}
                style={{ maxWidth: '100%', height: 'auto' }}
              />
            ) : (
              <Text
                style={{
                  margin: 0,
                  fontSize: '22px',
                  lineHeight: '28px',
                  fontWeight: 'bold',
                  color: colours.link,
                }}
              >
                {tenant.retailerName}
              </Text>
            )}
          </Section>
          <Section style={{ padding: '8px 24px 8px', fontSize: '16px', lineHeight: '24px' }}>
            <Heading
              as="h1"
              style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '28px', color: INK }}
            >
              {heading}
            </Heading>
            {blocks.map((block, i) => (
              <Block key={i} block={block} colours={colours} />
            ))}
          </Section>
          <Hr style={{ borderColor: '#e0e0e0', margin: 0 }} />
          <Section
            style={{ padding: '16px 24px', fontSize: '13px', lineHeight: '20px', color: MUTED }}
          >
            {footer?.reason ? (
              <Text style={{ margin: '0 0 8px', fontSize: '13px', lineHeight: '20px' }}>
                {footer.reason}
              </Text>
            ) : null}
            {footer?.preferencesUrl || footer?.unsubscribeUrl ? (
              <Text style={{ margin: '0 0 8px', fontSize: '13px', lineHeight: '20px' }}>
                {footer.preferencesUrl ? (
                  <Link href={footer.preferencesUrl} style={link}>
                    Your e-mail choices
                  </Link>
                ) : null}
                {footer.preferencesUrl && footer.unsubscribeUrl ? ' · ' : null}
                {footer.unsubscribeUrl ? (
                  <Link href={footer.unsubscribeUrl} style={link}>
                    Unsubscribe
                  </Link>
                ) : null}
              </Text>
            ) : null}
            <Text style={{ margin: 0, fontSize: '13px', lineHeight: '20px' }}>
              {tenant.retailerName} ·{' '}
              <Link href={tenant.origin} style={link}>
                {host}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const paragraph = { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px' };

function Block({ block, colours }: { block: MailBlock; colours: ReturnType<typeof mailColours> }) {
  switch (block.kind) {
    case 'paragraph':
      return <Text style={paragraph}>{block.text}</Text>;
    case 'button':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          <Button
            href={block.href}
            style={{
              backgroundColor: colours.accent,
              color: colours.onAccent,
              padding: '12px 20px',
              borderRadius: '4px',
              fontWeight: 'bold',
              fontSize: '16px',
              textDecoration: 'none',
            }}
          >
            {block.label}
          </Button>
        </Section>
      );
    case 'list':
      return (
        <ul style={{ margin: '0 0 16px', paddingLeft: '20px' }}>
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      );
    case 'facts':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          {block.rows.map(([label, value], i) => (
            <Row key={i}>
              <Column style={{ padding: '2px 12px 2px 0', color: MUTED, verticalAlign: 'top' }}>
                {label}
              </Column>
              <Column style={{ padding: '2px 0', fontWeight: 'bold', verticalAlign: 'top' }}>
                {value}
              </Column>
            </Row>
          ))}
        </Section>
      );
    case 'rendered':
      // Markup this site rendered itself (a content template through the Markdown renderer,
      // with any shopper text escaped before it met the template): inserted as it is.
      return (
        <div style={{ margin: '0 0 16px' }} dangerouslySetInnerHTML={{ __html: block.html }} />
      );
  }
}
