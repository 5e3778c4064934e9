// pages in a real browser take longer than jest's 5 s default
jest.setTimeout(60000);
