-- wrk script of the load test (.ci/load.sh): each wrk thread cycles through
-- the requests listed in LOAD_URLS (.ci/load.urls) for its connections, from
-- its own place in the list. POSTs send the scenario in LOAD_SCENARIO as the
-- sandbox's form; {share} becomes LOAD_SHARE.
--
-- Requests to the sandbox's run endpoint come from many clients, as behind a
-- load balancer: the server trusts 127.0.0.1 as a proxy (--trusted-proxy) and
-- each such request names one of `clients` addresses in X-Forwarded-For, so
-- the per-client rate limit (40 at once, then 2 a second) is not what is
-- measured. Every request takes the content codings Chrome does, so the
-- server answers as it answers browsers: cached pages in brotli.

local clients = 2000

local function urlencode(s)
  return (s:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", c:byte()) end))
end

local function read(name)
  local f = assert(io.open(name, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end

local reqs = {}
local n = 0

function init(args)
  local share = os.getenv("LOAD_SHARE") or ""
  local form = "text=" .. urlencode(read(os.getenv("LOAD_SCENARIO")))
  for line in io.lines(os.getenv("LOAD_URLS")) do
    local method, path = line:match("^(%u+) (%S+)$")
    if method then
      local at = path:find("{share}", 1, true)
      if at then
        path = path:sub(1, at - 1) .. share .. path:sub(at + 7)
      end
      local r = { method = method, path = path, limited = path:find("^/sandbox/run") ~= nil }
      -- As a browser over HTTPS asks: pages come compressed.
      r.headers = { ["Accept-Encoding"] = "gzip, deflate, br, zstd" }
      if method == "POST" then
        r.headers["Content-Type"] = "application/x-www-form-urlencoded"
        r.body = form
      end
      if not r.limited then
        r.raw = wrk.format(r.method, r.path, r.headers, r.body)
      end
      reqs[#reqs + 1] = r
    end
  end
  assert(#reqs > 0, "no requests in " .. tostring(os.getenv("LOAD_URLS")))
  -- Threads start at different places, so the mix is even from the start.
  n = (id * 7) % #reqs
  math.randomseed(id + 1)
end

function request()
  n = n % #reqs + 1
  local r = reqs[n]
  if r.raw then
    return r.raw
  end
  local h = { ["X-Forwarded-For"] = string.format("10.0.%d.%d", math.random(0, clients / 250 - 1), math.random(1, 250)) }
  for k, v in pairs(r.headers or {}) do
    h[k] = v
  end
  return wrk.format(r.method, r.path, h, r.body)
end
