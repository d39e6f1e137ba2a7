import { Form, Link, useNavigation } from '@remix-run/react';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { LOGIN_INTENTS } from './intents';
import {
  keepFocusOnPress,
  LoginPanes,
  loginPaneStyles as styles,
  type LoginPane,
  type LoginPanesProps,
} from './login-panes';

export type LoginPagePanesProps = Omit<
  LoginPanesProps,
  'pane' | 'Form' | 'idPrefix' | 'pending' | 'nav'
> & {
  /** The pane the page's address asks for (`?pane=reset`). */
  asked: LoginPane;
  /** Where Forgot Password? and Back lead: the page itself, on the other pane. */
  links: { forgot: string; back: string };
};

/**
 * The login panes as a page of their own (/login, /sso/login): Remix's Form, panes switched by
 * links so that they work without JavaScript, and after a post the pane its answer calls for:
 * 'sent' once the reset e-mail went out, the reset pane again after a refused reset request.
 */
export function LoginPagePanes({ asked, links, ...props }: LoginPagePanesProps) {
  const navigation = useNavigation();
  const { actionData } = props;
  const pane: LoginPane =
    actionData?.done === true
      ? 'sent'
      : actionData?.intent === LOGIN_INTENTS.resetRequest
        ? 'reset'
        : asked;
  return (
    <LoginPanes
      {...props}
      pane={pane}
      Form={Form}
      idPrefix=""
      pending={{
        login: isSubmitting(navigation, { intent: LOGIN_INTENTS.login }),
        reset: isSubmitting(navigation, { intent: LOGIN_INTENTS.resetRequest }),
      }}
      nav={{
        forgot: (
          <Link {...keepFocusOnPress} className={styles.link} to={links.forgot}>
            Forgot Password?
          </Link>
        ),
        back: (
          <Link {...keepFocusOnPress} className={styles.link} to={links.back}>
            Back
          </Link>
        ),
      }}
    />
  );
}
