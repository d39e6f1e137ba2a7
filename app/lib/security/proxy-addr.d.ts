/** The part of proxy-addr (Express's `trust proxy` compiler; it ships no types) used here. */
declare module 'proxy-addr' {
  /** Whether the hop at `index` (0 = the socket's peer) with this address is trusted. */
  type TrustFunction = (address: string, index: number) => boolean;
  const proxyaddr: {
    /** Addresses, CIDR subnets and the names loopback, linklocal, uniquelocal; throws if invalid. */
    compile(value: string | string[]): TrustFunction;
  };
  export default proxyaddr;
}
