-- wrk script: each request asks /xiangqi about a FEN drawn at random from
-- the file named by the FENS environment variable (one escaped FEN a line).
local fens = {}

init = function(args)
  for line in io.lines(os.getenv("FENS")) do
    fens[#fens + 1] = line
  end
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
end

request = function()
  return wrk.format("GET", "/xiangqi?fen=" .. fens[math.random(#fens)])
end
