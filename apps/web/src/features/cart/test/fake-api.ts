/** A recording fake of the store's API for cart tests: answers by "METHOD path-prefix", keeps every call with its body. */
export type Call = { method: string; url: string; body: unknown };

export function fakeApi(routes: Record<string, (call: Call) => { status?: number; body: unknown }>) {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input.toString();
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const key = Object.keys(routes).find((k) => {
      const [m, p] = k.split(" ");
      return m === method && url.startsWith(p!);
    });
    if (!key) return new Response(JSON.stringify({ statusCode: 404, message: "not mocked" }), { status: 404 });
    const r = routes[key]!(call);
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return calls;
}

export const ME = (id = "u1") => ({
  statusCode: 200,
  data: {
    _id: id,
    names: "Tunde Bakare",
    username: "tunde",
    email: "tunde@naijamarket.ng",
    phone: "+2348031234567",
    accType: "customer",
    active: true,
    status: "approved",
    verified: { blue_tick: false, email: true, phone: true },
    addresses: [
      {
        _id: "a1",
        address_id: 0,
        first_name: "Tunde",
        last_name: "Bakare",
        company: "",
        address1: "14 Allen Avenue",
        address2: "",
        state: "Lagos",
        city: "Ikeja",
        country: "Nigeria",
        zip: "100271",
        phone: "+2348096660006",
        default: true,
      },
    ],
  },
});

/** A server cart line for product `id`. */
export const serverLine = (id: string, count: number, price = 1000, stock = 10, name = `Product ${id}`) => ({
  _id: `line-${id}`,
  count,
  productId: { _id: id, user_id: "s1", name, image_urls: [], price, count_in_stock: stock, category_id: "c1" },
});
