import type { ReactNode, SVGProps } from 'react';

/**
 * Small inline icons (no icon library in the client bundle). Decorative: hidden from
 * assistive technology; the control that holds one always has its own text.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

function Svg({ size = '1.25em', children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
      {...rest}
    >
      {children}
    </svg>
  );
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const MenuIcon = (p: IconProps) => (
  <Svg {...p}>
    <path {...stroke} d="M3 6h18M3 12h18M3 18h18" />
  </Svg>
);

export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle {...stroke} cx="11" cy="11" r="7" />
    <path {...stroke} d="m20 20-3.5-3.5" />
  </Svg>
);

export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path {...stroke} d="M6 6l12 12M18 6 6 18" />
  </Svg>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path {...stroke} d="m6 9 6 6 6-6" />
  </Svg>
);

export const ChevronLeftIcon = (p: IconProps) => (
  <Svg {...p}>
    <path {...stroke} d="m15 6-6 6 6 6" />
  </Svg>
);

export const ChevronRightIcon = (p: IconProps) => (
  <Svg {...p}>
    <path {...stroke} d="m9 6 6 6-6 6" />
  </Svg>
);

export const PlayIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M8 5v14l11-7z" />
  </Svg>
);

export const PauseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 5h4v14H7zM13 5h4v14h-4z" />
  </Svg>
);

export const StoreIcon = (p: IconProps) => (
  <Svg {...p}>
    <path {...stroke} d="M4 10v10h16V10M3 10l2-6h14l2 6zM10 20v-5h4v5" />
  </Svg>
);

export const UserIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle {...stroke} cx="12" cy="8" r="4" />
    <path {...stroke} d="M4 21c1-4 4.5-6 8-6s7 2 8 6" />
  </Svg>
);

export const PhoneIcon = (p: IconProps) => (
  <Svg {...p}>
    <path
      {...stroke}
      d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z"
    />
  </Svg>
);

/* Simplified social marks: recognisable shapes, not the networks' official artwork. */
export const socialIcons = {
  facebook: (p: IconProps) => (
    <Svg {...p}>
      <path d="M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.6 1.6-1.6h1.7V4.3A22 22 0 0 0 14.3 4c-2.4 0-4.1 1.5-4.1 4.2v2.6H7.5V14h2.7v8z" />
    </Svg>
  ),
  twitter: (p: IconProps) => (
    <Svg {...p}>
      <path d="M4 3h4.5l4.2 5.8L17.8 3h2.4l-6.4 7.3L21 21h-4.5l-4.6-6.3L6.3 21H3.9l7-8z" />
    </Svg>
  ),
  instagram: (p: IconProps) => (
    <Svg {...p}>
      <rect {...stroke} x="3" y="3" width="18" height="18" rx="5" />
      <circle {...stroke} cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1.2" />
    </Svg>
  ),
  pinterest: (p: IconProps) => (
    <Svg {...p}>
      <path d="M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.4 1.8-2.4.9 0 1.3.6 1.3 1.4 0 .9-.5 2.1-.8 3.3-.2 1 .5 1.8 1.5 1.8 1.8 0 3.1-1.9 3.1-4.6 0-2.4-1.7-4.1-4.2-4.1-2.9 0-4.5 2.1-4.5 4.4 0 .9.3 1.8.8 2.3l.1.4-.3 1.2c0 .2-.2.3-.4.2-1.3-.6-2.1-2.4-2.1-3.9 0-3.2 2.3-6.1 6.6-6.1 3.5 0 6.2 2.5 6.2 5.8 0 3.4-2.2 6.2-5.2 6.2-1 0-2-.5-2.3-1.2l-.6 2.4c-.2.9-.8 2-1.3 2.6A10 10 0 1 0 12 2z" />
    </Svg>
  ),
  youtube: (p: IconProps) => (
    <Svg {...p}>
      <path
        fillRule="evenodd"
        d="M2 8a3 3 0 0 1 3-3h14a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3zm8 1v6l5-3z"
      />
    </Svg>
  ),
  snapchat: (p: IconProps) => (
    <Svg {...p}>
      <path d="M12 3c3 0 5 2.2 5 5v2.2l1.6-.5c.6-.1 1 .6.5 1l-2 1.2c.6 1.6 1.8 2.8 3.4 3.3.4.1.4.7 0 .9l-1.8.6-.4 1.3-2-.1c-.9.1-1.8 1.1-4.3 1.1s-3.4-1-4.3-1.1l-2 .1-.4-1.3-1.8-.6c-.4-.2-.4-.8 0-.9 1.6-.5 2.8-1.7 3.4-3.3l-2-1.2c-.5-.4-.1-1.1.5-1l1.6.5V8c0-2.8 2-5 5-5z" />
    </Svg>
  ),
} as const;
